/**
 * The JupyterLab MIME extension: renders `application/vnd.cloudg-lab.result+json` outputs.
 *
 * A prebuilt extension, shipped in the cloudg-lab wheel; it needs nothing from JupyterLab but the
 * renderer interfaces and a Lumino widget, so it works unchanged in JupyterLab 4 and Notebook 7.
 */

import { IRenderMime } from '@jupyterlab/rendermime-interfaces';
import { Widget } from '@lumino/widgets';

import { MIME_TYPE } from './payload';
import { renderPayload } from './view';

/** One output area's renderer; it re-renders from scratch on every model update. */
export class ResultRenderer extends Widget implements IRenderMime.IRenderer {
  private readonly mimeType: string;

  constructor(options: IRenderMime.IRendererOptions) {
    super();
    this.mimeType = options.mimeType;
    this.addClass('cloudg-output');
  }

  renderModel(model: IRenderMime.IMimeModel): Promise<void> {
    this.node.replaceChildren(renderPayload(model.data[this.mimeType]));
    return Promise.resolve();
  }
}

/** Safe for untrusted output: the view builds text nodes only, never HTML from the payload. */
export const rendererFactory: IRenderMime.IRendererFactory = {
  safe: true,
  mimeTypes: [MIME_TYPE],
  createRenderer: options => new ResultRenderer(options)
};

const extension: IRenderMime.IExtension = {
  id: 'cloudg-lab:result-renderer',
  rendererFactory,
  // Rank 0 puts this renderer ahead of the text/html and text/plain fallbacks in the same bundle.
  rank: 0,
  dataType: 'json'
};

export default extension;
