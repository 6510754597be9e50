/**
 * The custom MIME payload, the one contract between Python and this renderer.
 *
 * Mirrors `cloudg_lab/notebook/payload.py` field for field (tests/labextension checks the two
 * agree); `v` changes on any incompatible change. The payload carries the wire result as sent plus
 * marks (JSON pointers and entity types), so the renderer never guesses and never sees a real value.
 */

export const MIME_TYPE = 'application/vnd.cloudg-lab.result+json';
export const PAYLOAD_VERSION = 1;

export interface PayloadPrincipal {
  id: string;
  roles: string[];
}

export interface PayloadMark {
  /** JSON pointer into `wire`, e.g. `/structuredContent/items/0/arn`. */
  path: string;
  kind: 'pseudonym' | 'redacted' | 'masked' | 'hashed' | 'fenced';
  entity: string;
}

export interface ResultPayload {
  v: 1;
  kind: 'tool' | 'resource' | 'prompt' | 'listing';
  name: string;
  policy: string;
  principal: PayloadPrincipal;
  duration_ms: number | null;
  /** The MCP result as sent (tool result, resource contents, prompt messages or listing). */
  wire: unknown;
  /** `_meta["cloudg/transforms"]`, or null when nothing was transformed. */
  report: Record<string, unknown> | null;
  marks: PayloadMark[];
  /** The output shows real values (a policy that transforms nothing, or a reveal): a banner says so. */
  real_values: boolean;
  /** Pointer → keys (or a record list's columns) in the order written, where not alphabetical. */
  order: Record<string, string[]>;
}
