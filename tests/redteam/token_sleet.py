"""Security-telemetry shapes for the ninth estate (`sleet`), drawn from a seeded RNG.

Like `token_forms`: nothing is copied from a real log. Each function returns what is stored and
the values that must never come out, as a `Told`: `secrets` (hidden under `standard`) and `ids`
(hidden under `strict`; `(value, bounded)`). The shapes are the ones security tools write:
CloudTrail records (JSON and flattened), VPC flow log and ALB lines, WAF, Okta, Azure and GCP audit
events, Kubernetes audit events, EDR process alerts, scanner plugin output, SIEM queries.
"""

from __future__ import annotations

import base64
import random
import string
from dataclasses import dataclass, field
from typing import Any

from token_forms import ALNUM, B64, access_key_id, chars, password, person, private_ip, public_ip, uuid, word

HEX = "0123456789abcdef"


@dataclass
class Told:
    """A telemetry item and what it gives away."""

    value: Any
    family: str
    secrets: list[str] = field(default_factory=list)
    ids: list[tuple[str, bool]] = field(default_factory=list)

    def secret(self, value: str) -> str:
        self.secrets.append(value)
        return value

    def ident(self, value: str, bounded: bool = False) -> str:
        self.ids.append((value, bounded))
        return value


@dataclass(frozen=True)
class Cast:
    """The estate's people, hosts and accounts, as its telemetry names them."""

    domain: str
    account: str
    tenant: str
    project: str


def login(rng: random.Random) -> str:
    """A login as directories spell them: `ysolde.balxyz`, `tkorvu`, `svc_nilupa`."""
    first, last = word(rng, 2), word(rng, 3)
    return rng.choice((f"{first}.{last}", f"{first[0]}{last}", f"svc_{last}"))


def email(rng: random.Random, cast: Cast) -> str:
    return f"{login(rng).replace('svc_', '')}@{cast.domain}"


def host(rng: random.Random) -> str:
    return rng.choice(
        (
            f"WS-{word(rng, 2).upper()}-{rng.randrange(10, 99)}",
            f"{word(rng)}-{word(rng, 1)}{rng.randrange(1, 9):02d}",
        )
    )


def session_token(rng: random.Random) -> str:
    return "IQoJb3JpZ2luX2Vj" + chars(rng, 180, B64)


def aws_secret(rng: random.Random) -> str:
    return chars(rng, 40, B64)


def bearer(rng: random.Random) -> str:
    return f"{chars(rng, 24, ALNUM)}.{chars(rng, 40, ALNUM + '-_')}"


def user_agent(rng: random.Random, mail: str) -> str:
    """A client that writes its user into its user agent (a comment naming the operator)."""
    return rng.choice(
        (
            f"aws-cli/2.15.{rng.randrange(10, 40)} Python/3.11.6 Linux/5.10 exe/x86_64.amzn.2 "
            f"prompt/off command/iam.create-login-profile ({mail})",
            f"Boto3/1.34.{rng.randrange(10, 90)} md/Botocore#1.34 ua/2.0 os/linux "
            f"lang/python#3.11 cfg/retry-mode#legacy Botocore/1.34 operator/{mail}",
        )
    )


# --------------------------------------------------------------------------- AWS


def cloudtrail(rng: random.Random, cast: Cast, style: str) -> Told:
    """A CloudTrail record whose request or response holds a credential."""
    t = Told(None, f"ct_{style}")
    user = t.ident(login(rng))
    role = f"{word(rng)}-{word(rng, 2)}-role"
    t.ident(role)
    akid = t.secret(access_key_id(rng))
    ip = t.ident(public_ip(rng), True)
    identity = {
        "type": rng.choice(("IAMUser", "AssumedRole")),
        "principalId": t.ident(f"AROA{chars(rng, 17, string.ascii_uppercase + '234567')}:{user}"),
        "arn": f"arn:aws:sts::{cast.account}:assumed-role/{role}/{user}",
        "accountId": cast.account,
        "accessKeyId": akid,
        "sessionContext": {
            "sessionIssuer": {
                "type": "Role",
                "principalId": "AROA" + chars(rng, 17, string.ascii_uppercase),
                "arn": f"arn:aws:iam::{cast.account}:role/{role}",
                "accountId": cast.account,
                "userName": role,
            },
            "attributes": {"creationDate": "2026-11-02T09:14:07Z", "mfaAuthenticated": "false"},
        },
    }
    target = t.ident(login(rng)) if style not in ("secret_value", "db_password") else ""
    req: dict[str, Any]
    resp: dict[str, Any] | None = None
    name = {
        "login_profile": "CreateLoginProfile",
        "access_key": "CreateAccessKey",
        "secret_value": "PutSecretValue",
        "db_password": "ModifyDBInstance",
        "text": "CreateLoginProfile",
        "csv": "UpdateLoginProfile",
    }[style]
    if style in ("login_profile", "text", "csv"):
        req = {"userName": target, "password": t.secret(password(rng)), "passwordResetRequired": False}
    elif style == "access_key":
        req = {"userName": target}
        resp = {
            "accessKey": {
                "userName": target,
                "accessKeyId": t.secret(access_key_id(rng)),
                "status": "Active",
                "secretAccessKey": t.secret(aws_secret(rng)),
                "createDate": "Nov 2, 2026 9:14:07 AM",
            }
        }
    elif style == "secret_value":
        name = f"{word(rng)}/{word(rng, 2)}-{chars(rng, 6)}"
        sid = f"arn:aws:secretsmanager:eu-west-1:{cast.account}:secret:{name}"
        req = {
            "secretId": sid,
            "secretString": '{"username":"' + word(rng) + '","password":"' + t.secret(password(rng)) + '"}',
            "clientRequestToken": uuid(rng),
        }
    else:
        req = {
            "dBInstanceIdentifier": t.ident(f"{word(rng)}-db-{rng.randrange(1, 9)}"),
            "masterUserPassword": t.secret(password(rng)),
            "applyImmediately": True,
        }
    event = {
        "eventVersion": "1.09",
        "userIdentity": identity,
        "eventTime": "2026-11-02T09:14:07Z",
        "eventSource": "iam.amazonaws.com",
        "eventName": name,
        "awsRegion": "us-east-1",
        "sourceIPAddress": ip,
        "userAgent": user_agent(rng, t.ident(f"{user.removeprefix('svc_')}@{cast.domain}")),
        "requestParameters": req,
        "responseElements": resp,
        "requestID": uuid(rng),
        "eventID": uuid(rng),
        "readOnly": False,
        "eventType": "AwsApiCall",
        "recipientAccountId": cast.account,
    }
    if style == "text":
        flat = _flatten(event)
        t.value = " ".join(f"{k}={v}" for k, v in flat)
    elif style == "csv":
        flat = _flatten(event)
        t.value = ",".join(k for k, _ in flat) + "\n" + ",".join(str(v) for _, v in flat)
    else:
        t.value = event
    return t


def _flatten(value: Any, prefix: str = "") -> list[tuple[str, Any]]:
    if isinstance(value, dict):
        return [kv for k, v in value.items() for kv in _flatten(v, f"{prefix}{k}.")]
    return [(prefix[:-1], value)]


def guardduty(rng: random.Random, cast: Cast) -> Told:
    t = Told(None, "guardduty")
    user = t.ident(login(rng))
    t.value = {
        "schemaVersion": "2.0",
        "accountId": cast.account,
        "region": "eu-west-1",
        "id": chars(rng, 32, HEX),
        "type": rng.choice(
            (
                "UnauthorizedAccess:IAMUser/InstanceCredentialExfiltration.OutsideAWS",
                "Recon:IAMUser/MaliciousIPCaller.Custom",
            )
        ),
        "resource": {
            "resourceType": "AccessKey",
            "accessKeyDetails": {
                "accessKeyId": t.secret(access_key_id(rng)),
                "principalId": "AIDA" + chars(rng, 17, string.ascii_uppercase + "234567"),
                "userName": user,
                "userType": "IAMUser",
            },
            "instanceDetails": {
                "instanceId": t.ident(f"i-0{chars(rng, 16, HEX)}"),
                "networkInterfaces": [
                    {
                        "privateIpAddress": t.ident(private_ip(rng), True),
                        "privateDnsName": t.ident(f"ip-{chars(rng, 6, '123456789')}.{word(rng)}.internal"),
                        "publicIp": t.ident(public_ip(rng), True),
                    }
                ],
                "tags": [{"key": "Name", "value": t.ident(f"{word(rng)}-{word(rng, 2)}-bastion")}],
            },
        },
        "service": {
            "action": {
                "actionType": "AWS_API_CALL",
                "awsApiCallAction": {
                    "api": "GetSecretValue",
                    "callerType": "Remote IP",
                    "remoteIpDetails": {
                        "ipAddressV4": t.ident(public_ip(rng), True),
                        "organization": {"asnOrg": "Example Hosting", "isp": "Example Hosting"},
                        "country": {"countryName": "Netherlands"},
                    },
                },
            }
        },
        "severity": 8,
        "title": "Credentials for the EC2 instance role used from an external IP address.",
    }
    return t


def asff(rng: random.Random, cast: Cast) -> Told:
    t = Told(None, "asff")
    bucket = t.ident(f"{word(rng)}-{word(rng, 2)}-exports")
    user = t.ident(login(rng))
    t.value = {
        "SchemaVersion": "2018-10-08",
        "Id": f"arn:aws:securityhub:eu-west-1:{cast.account}:subscription/"
        f"aws-foundational-security-best-practices/v/1.0.0/S3.8/finding/{uuid(rng)}",
        "ProductArn": "arn:aws:securityhub:eu-west-1::product/aws/securityhub",
        "AwsAccountId": cast.account,
        "Types": ["Software and Configuration Checks/Industry and Regulatory Standards"],
        "Title": "S3 general purpose buckets should block public access",
        "Resources": [
            {"Type": "AwsS3Bucket", "Id": f"arn:aws:s3:::{bucket}", "Region": "eu-west-1"},
            {
                "Type": "AwsIamUser",
                "Id": f"arn:aws:iam::{cast.account}:user/{user}",
                "Details": {
                    "AwsIamUser": {
                        "UserName": user,
                        "UserId": t.ident("AIDA" + chars(rng, 17, string.ascii_uppercase + "234567")),
                    }
                },
            },
        ],
        "ProductFields": {
            "aws/securityhub/FindingId": uuid(rng),
            "RecommendationUrl": "https://docs.aws.amazon.com/console/securityhub/S3.8/remediation",
            "aws/inspector/ProductVersion": "2",
            "resourceOwner": t.ident(email(rng, cast)),
            "aws/securityhub/annotation": f"Exported by {user} from {t.ident(host(rng))}.{cast.domain}",
        },
        "Note": {
            "Text": f"Accepted risk, see ticket SEC-{rng.randrange(100, 999)}",
            "UpdatedBy": t.ident(login(rng)),
            "UpdatedAt": "2026-11-03T10:00:00Z",
        },
        "Workflow": {"Status": "NEW"},
        "RecordState": "ACTIVE",
    }
    return t


def flow_log(rng: random.Random, cast: Cast, style: str) -> Told:
    t = Told(None, f"flow_{style}")
    eni = t.ident(f"eni-0{chars(rng, 16, HEX)}")
    src, dst = t.ident(private_ip(rng), True), t.ident(public_ip(rng), True)
    fields = [
        "2",
        cast.account,
        eni,
        src,
        dst,
        str(rng.randrange(1024, 65535)),
        rng.choice(("22", "3389", "443")),
        "6",
        str(rng.randrange(1, 90)),
        str(rng.randrange(100, 9000)),
        "1762074847",
        "1762074907",
        rng.choice(("ACCEPT", "REJECT")),
        "OK",
    ]
    if style == "v5":
        vpc = t.ident(f"vpc-0{chars(rng, 16, HEX)}")
        fields += [vpc, f"i-0{chars(rng, 16, HEX)}"]
    t.value = " ".join(fields)
    return t


def alb_log(rng: random.Random, style: str) -> Told:
    t = Told(None, f"alb_{style}")
    client = t.ident(public_ip(rng), True)
    target = t.ident(private_ip(rng), True)
    site = t.ident(f"{word(rng)}.{word(rng, 2)}-{word(rng, 2)}.com")
    tok = t.secret(chars(rng, 32, ALNUM))
    path = {
        "token": f"/api/v2/reset?token={tok}&lang=en",
        "key": f"/export/download?key={tok}&format=csv",
        "auth": f"/oauth/callback?code={tok}&state={chars(rng, 12)}",
    }[style]
    t.value = (
        f"https 2026-11-02T09:14:07.412Z app/{word(rng)}-alb/{chars(rng, 16, HEX)} "
        f"{client}:{rng.randrange(1024, 65535)} "
        f'{target}:8080 0.001 0.012 0.000 200 200 312 1044 "GET https://{site}:443{path} HTTP/1.1" '
        f'"Mozilla/5.0 (X11; Linux x86_64)" ECDHE-RSA-AES128-GCM-SHA256 TLSv1.2 '
        f"arn:aws:elasticloadbalancing:eu-west-1:123456789012:targetgroup/web/{chars(rng, 16, HEX)} "
        f'"Root=1-{chars(rng, 8, HEX)}-{chars(rng, 24, HEX)}" "{site}" "-" 0 2026-11-02T09:14:07.400Z '
        f'"forward" "-" "-" "{target}:8080" "200" "-" "-"'
    )
    return t


def waf_log(rng: random.Random) -> Told:
    t = Told(None, "waf")
    auth, cookie, key = t.secret(bearer(rng)), t.secret(chars(rng, 40, ALNUM)), t.secret(chars(rng, 32, HEX))
    t.value = {
        "timestamp": 1762074847412,
        "formatVersion": 1,
        "webaclId": "arn:aws:wafv2:eu-west-1:123456789012:regional/webacl/edge/" + uuid(rng),
        "action": "BLOCK",
        "terminatingRuleId": "AWS-AWSManagedRulesCommonRuleSet",
        "httpRequest": {
            "clientIp": t.ident(public_ip(rng), True),
            "country": "NL",
            "headers": [
                {"name": "Host", "value": t.ident(f"{word(rng)}-{word(rng, 1)}.example.com")},
                {"name": "Authorization", "value": f"Bearer {auth}"},
                {
                    "name": "Cookie",
                    "value": f"_ga=GA1.2.{rng.randrange(10**8, 10**9)}; session_id={cookie}; theme=dark",
                },
                {"name": "User-Agent", "value": "curl/8.4.0"},
            ],
            "uri": "/api/orders",
            "args": f"api_key={key}&page=2",
            "httpMethod": "GET",
            "requestId": uuid(rng),
        },
    }
    return t


# --------------------------------------------------------------------------- identity providers


def okta(rng: random.Random, cast: Cast) -> Told:
    t = Told(None, "okta")
    who = t.ident(person(rng))
    t.value = {
        "uuid": uuid(rng),
        "published": "2026-11-02T09:14:07.412Z",
        "eventType": "user.session.start",
        "displayMessage": "User login to Okta",
        "severity": "INFO",
        "actor": {
            "id": "00u" + chars(rng, 17),
            "type": "User",
            "alternateId": t.ident(email(rng, cast)),
            "displayName": who,
        },
        "client": {
            "ipAddress": t.ident(public_ip(rng), True),
            "device": "Computer",
            "userAgent": {"rawUserAgent": "Mozilla/5.0 (Macintosh)", "os": "Mac OS X", "browser": "CHROME"},
            "geographicalContext": {"city": "Utrecht", "country": "Netherlands"},
        },
        "outcome": {"result": "FAILURE", "reason": "INVALID_CREDENTIALS"},
        "target": [
            {
                "type": "AppInstance",
                "alternateId": t.ident(f"{word(rng)}-portal"),
                "displayName": "Salesforce.com",
            }
        ],
        "debugContext": {
            "debugData": {
                "requestUri": f"/login/sessionCookieRedirect?token={t.secret(chars(rng, 64))}"
                f"&redirectUrl=%2Fapp%2FUserHome",
                "threatSuspected": "false",
                "loginName": t.ident(login(rng)),
            }
        },
    }
    return t


def azure_activity(rng: random.Random, cast: Cast) -> Told:
    t = Told(None, "azure_activity")
    upn, rg = t.ident(email(rng, cast)), t.ident(f"rg-{word(rng)}-{word(rng, 2)}")
    vm = t.ident(f"vm-{word(rng)}-{rng.randrange(1, 9)}")
    body = (
        '{"properties":{"osProfile":{"adminUsername":"azureuser","adminPassword":"'
        + t.secret(password(rng))
        + '"}}}'
    )
    t.value = {
        "time": "2026-11-02T09:14:07Z",
        "operationName": "MICROSOFT.COMPUTE/VIRTUALMACHINES/WRITE",
        "category": "Administrative",
        "resultType": "Success",
        "resourceId": f"/SUBSCRIPTIONS/{uuid(rng).upper()}/RESOURCEGROUPS/{rg.upper()}/PROVIDERS/"
        f"MICROSOFT.COMPUTE/VIRTUALMACHINES/{vm.upper()}",
        "correlationId": uuid(rng),
        "caller": upn,
        "callerIpAddress": t.ident(public_ip(rng), True),
        "identity": {
            "claims": {
                "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/upn": upn,
                "http://schemas.microsoft.com/identity/claims/tenantid": cast.tenant,
                "name": t.ident(person(rng)),
                "ipaddr": t.ident(private_ip(rng), True),
                "http://schemas.microsoft.com/identity/claims/objectidentifier": t.ident(uuid(rng)),
            }
        },
        "properties": {"requestbody": body, "statusCode": "Created"},
    }
    return t


def azure_signin(rng: random.Random, cast: Cast) -> Told:
    t = Told(None, "azure_signin")
    t.value = {
        "createdDateTime": "2026-11-02T09:14:07Z",
        "userPrincipalName": t.ident(email(rng, cast)),
        "userDisplayName": t.ident(person(rng)),
        "userId": t.ident(uuid(rng)),
        "appDisplayName": "Azure Portal",
        "ipAddress": t.ident(public_ip(rng), True),
        "clientAppUsed": "Browser",
        "tenantId": cast.tenant,
        "correlationId": uuid(rng),
        "status": {"errorCode": 50126, "failureReason": "Invalid username or password."},
        "deviceDetail": {"displayName": t.ident(host(rng)), "operatingSystem": "Windows10"},
        "location": {"city": "Amsterdam", "countryOrRegion": "NL"},
    }
    return t


def gcp_audit(rng: random.Random, cast: Cast, style: str) -> Told:
    t = Told(None, f"gcp_{style}")
    who = t.ident(email(rng, cast))
    sa = t.ident(f"{word(rng)}-deployer@{cast.project}.iam.gserviceaccount.com")
    payload: dict[str, Any] = {
        "@type": "type.googleapis.com/google.cloud.audit.AuditLog",
        "authenticationInfo": {
            "principalEmail": sa,
            "serviceAccountDelegationInfo": [{"firstPartyPrincipal": {"principalEmail": who}}],
        },
        "requestMetadata": {
            "callerIp": t.ident(public_ip(rng), True),
            "callerSuppliedUserAgent": "google-cloud-sdk gcloud/458.0.1 "
            "command/gcloud.sql.users.set-password",
        },
    }
    if style == "sql_password":
        inst = t.ident(f"{word(rng)}-pg-{rng.randrange(1, 9)}")
        payload |= {
            "serviceName": "cloudsql.googleapis.com",
            "methodName": "cloudsql.users.update",
            "resourceName": f"projects/{cast.project}/instances/{inst}",
            "request": {
                "@type": "type.googleapis.com/google.cloud.sql.v1beta4.SqlUsersUpdateRequest",
                "body": {"name": t.ident(login(rng)), "password": t.secret(password(rng))},
            },
        }
    else:
        member = t.ident(email(rng, cast))
        payload |= {
            "serviceName": "cloudresourcemanager.googleapis.com",
            "methodName": "SetIamPolicy",
            "resourceName": f"projects/{cast.project}",
            "serviceData": {
                "policyDelta": {
                    "bindingDeltas": [{"action": "ADD", "role": "roles/owner", "member": f"user:{member}"}]
                }
            },
        }
    t.value = {
        "protoPayload": payload,
        "insertId": chars(rng, 12, string.ascii_lowercase + string.digits),
        "resource": {"type": "audited_resource", "labels": {"project_id": cast.project}},
        "logName": f"projects/{cast.project}/logs/cloudaudit.googleapis.com%2Factivity",
        "severity": "NOTICE",
    }
    return t


def k8s_audit(rng: random.Random, cast: Cast, style: str) -> Told:
    t = Told(None, f"k8s_{style}")
    ns = t.ident(f"{word(rng)}-{word(rng, 2)}")
    user = t.ident(email(rng, cast))
    pw, tok = password(rng), chars(rng, 40, ALNUM)
    enc = {"pw": base64.b64encode(pw.encode()).decode(), "tok": base64.b64encode(tok.encode()).decode()}
    if style == "exec":
        pod = t.ident(f"{word(rng)}-{chars(rng, 5, HEX)}")
        t.value = {
            "kind": "Event",
            "apiVersion": "audit.k8s.io/v1",
            "level": "Request",
            "auditID": uuid(rng),
            "verb": "create",
            "user": {"username": user},
            "sourceIPs": [t.ident(private_ip(rng), True)],
            "requestURI": f"/api/v1/namespaces/{ns}/pods/{pod}/exec?command=psql&command=postgresql%3A%2F%2F"
            f"app%3A{t.secret(pw)}%40db%3A5432%2Fapp&container=app&stdin=true&tty=true",
            "objectRef": {"resource": "pods", "namespace": ns, "name": pod, "subresource": "exec"},
        }
        return t
    obj = {
        "kind": "Secret",
        "apiVersion": "v1",
        "metadata": {"name": t.ident(f"{word(rng)}-creds"), "namespace": ns},
    }
    if style == "data":
        obj["data"] = {"db-pass": enc["pw"], "api": enc["tok"]}
        t.secrets += list(enc.values())
    else:
        obj["stringData"] = {"conn": f"{word(rng)}:{t.secret(pw)}", "value": t.secret(tok)}
    t.value = {
        "kind": "Event",
        "apiVersion": "audit.k8s.io/v1",
        "level": "RequestResponse",
        "auditID": uuid(rng),
        "stage": "ResponseComplete",
        "requestURI": f"/api/v1/namespaces/{ns}/secrets",
        "verb": "create",
        "user": {"username": user, "groups": ["system:authenticated"]},
        "impersonatedUser": {"username": f"system:serviceaccount:{ns}:{t.ident(word(rng) + '-sa')}"},
        "sourceIPs": [t.ident(private_ip(rng), True)],
        "userAgent": "kubectl/v1.29.2 (linux/amd64)",
        "objectRef": {"resource": "secrets", "namespace": ns, "apiVersion": "v1"},
        "responseStatus": {"code": 201},
        "requestObject": obj,
    }
    return t


# --------------------------------------------------------------------------- endpoints, scanners, SIEM


def edr(rng: random.Random, cast: Cast, style: str) -> Told:
    t = Told(None, f"edr_{style}")
    box, user = t.ident(host(rng)), t.ident(login(rng))
    pw = password(rng)
    dom = cast.domain.split(".")[0].upper()
    commands = {
        "net_user": lambda: f"net user {word(rng)}adm {pw} /add /domain",
        "psexec": lambda: f"PsExec64.exe \\\\{t.ident(host(rng))} -u {dom}\\{user} -p {pw} cmd.exe",
        "mysql": lambda: f'mysql -h {t.ident(private_ip(rng), True)} -u root --password={pw} -e "select 1"',
        "curl": lambda: f'curl -s -H "Authorization: Bearer {pw}" https://api.{cast.domain}/v1/export',
        "sshpass": lambda: (
            f"sshpass -p '{pw}' ssh -o StrictHostKeyChecking=no {user}@{t.ident(private_ip(rng), True)}"
        ),
        "encoded": lambda: (
            "powershell.exe -NoP -W Hidden -EncodedCommand "
            + base64.b64encode(
                f"$p = ConvertTo-SecureString '{pw}' -AsPlainText -Force".encode("utf-16-le")
            ).decode()
        ),
    }
    cmd = commands[style]()
    t.secret(cmd.rsplit(" ", 1)[1] if style == "encoded" else pw)  # the blob is what an encoded one shows
    t.value = {
        "detect_name": "Suspicious credential use",
        "severity": "High",
        "hostname": box,
        "user_name": f"{dom}\\{user}",
        "local_ip": t.ident(private_ip(rng), True),
        "process": {
            "image": "C:\\Windows\\System32\\cmd.exe",
            "command_line": cmd,
            "parent": {"image": "C:\\Windows\\explorer.exe"},
        },
        "summary": f"{user} ran a credential-bearing command on {box}",
    }
    return t


def scanner(rng: random.Random, cast: Cast, style: str) -> Told:
    t = Told(None, f"scan_{style}")
    box, ip = (
        t.ident(f"{word(rng)}-{word(rng, 1)}{rng.randrange(1, 9)}.{cast.domain}"),
        t.ident(private_ip(rng), True),
    )
    pw = t.secret(password(rng))
    if style == "nessus":
        t.value = {
            "plugin_id": 10862,
            "plugin_name": "Microsoft SQL Server sa Account Default Blank Password",
            "host-fqdn": box,
            "host-ip": ip,
            "netbios-name": t.ident(word(rng).upper() + "-SQL01"),
            "plugin_output": f"\nIt was possible to log into the remote database server with the\n"
            f"following credentials :\n\n  Username : sa\n  Password : {pw}\n",
        }
    elif style == "qualys":
        t.value = {
            "QID": 105232,
            "TITLE": "Default Credentials Found",
            "DNS": box,
            "IP": ip,
            "RESULTS": f"Service: ssh\nLogin: admin / Password: {pw}\nBanner: SSH-2.0-OpenSSH_8.9p1 "
            f"Ubuntu-3ubuntu0.6 ({box})",
        }
    else:
        t.value = {
            "plugin_id": 97833,
            "plugin_name": "SNMP Agent Default Community Name (public)",
            "host-fqdn": box,
            "host-ip": ip,
            "plugin_output": "The remote SNMP server replies to the following default community strings "
            ":\n\n"
            f"  {pw}\n",
        }
    return t


def siem(rng: random.Random, cast: Cast, style: str) -> Told:
    t = Told(None, f"siem_{style}")
    ip, box = public_ip(rng), host(rng)
    if style != "alert":
        t.ident(ip, True)
        t.ident(box)
    user = name = t.ident(email(rng, cast) if style == "kql" else login(rng))
    queries = {
        "kql": lambda: (
            f'SigninLogs\n| where UserPrincipalName =~ "{user}" or IPAddress == "{ip}"\n'
            f'| where DeviceDetail.displayName == "{box}"\n| project TimeGenerated, ResultType'
        ),
        "spl": lambda: (
            f'index=wineventlog EventCode=4625 (user="{name}" OR src_ip={ip}) host="{box}"'
            f" | stats count by user, src_ip"
        ),
        "lucene": lambda: f'user.name:"{name}" AND source.ip:{ip} AND host.name:{box}',
        "alert": lambda: (
            f"index=auth action=failure user={name} | stats count by src_ip | where count > 20 "
            f'| sendalert webhook param.url="https://hooks.slack.com/services/T{chars(rng, 8, HEX.upper())}'
            f'/B{chars(rng, 8, HEX.upper())}/{t.secret(chars(rng, 24))}"'
        ),
    }
    t.value = queries[style]()
    return t


def sbom(rng: random.Random, cast: Cast, style: str) -> Told:
    t = Told(None, f"sbom_{style}")
    repo = f"{cast.account}.dkr.ecr.eu-west-1.amazonaws.com/{t.ident(word(rng) + '-' + word(rng, 2))}"
    if style == "trivy_secret":
        key = t.secret(aws_secret(rng))
        t.value = {
            "ArtifactName": f"{repo}:1.4.{rng.randrange(1, 20)}",
            "Results": [
                {
                    "Target": "/app/.env",
                    "Class": "secret",
                    "Secrets": [
                        {
                            "RuleID": "aws-secret-access-key",
                            "Category": "AWS",
                            "Severity": "CRITICAL",
                            "Title": "AWS Secret Access Key",
                            "Match": f"AWS_SECRET_ACCESS_KEY={key}",
                            "Code": {"Lines": [{"Number": 3, "Content": f"AWS_SECRET_ACCESS_KEY={key}"}]},
                        }
                    ],
                }
            ],
        }
    else:
        tok = t.secret("ghp_" + chars(rng, 36))
        t.value = {
            "bomFormat": "CycloneDX",
            "specVersion": "1.5",
            "metadata": {"component": {"name": repo}},
            "components": [
                {
                    "type": "library",
                    "name": "requests",
                    "version": "2.31.0",
                    "purl": "pkg:pypi/requests@2.31.0",
                },
                {
                    "type": "library",
                    "name": f"{word(rng)}-internal",
                    "purl": f"pkg:pypi/{word(rng)}-internal@0.3.1?repository_url="
                    f"https://__token__:{tok}@pypi.{cast.domain}/simple",
                },
            ],
        }
    return t


CT_STYLES = ("login_profile", "access_key", "secret_value", "db_password", "text", "csv")
FLOW_STYLES = ("v2", "v5")
ALB_STYLES = ("token", "key", "auth")
GCP_STYLES = ("sql_password", "iam")
K8S_STYLES = ("data", "string_data", "exec")
EDR_STYLES = ("net_user", "psexec", "mysql", "curl", "sshpass", "encoded")
SCAN_STYLES = ("nessus", "qualys", "snmp")
SIEM_STYLES = ("kql", "spl", "lucene", "alert")
SBOM_STYLES = ("trivy_secret", "cyclonedx")


def windows_event(rng: random.Random, cast: Cast, style: str) -> Told:
    """A Windows Security event as its XML: a logon (4624) or explicit credentials (4648)."""
    t = Told(None, f"winevt_{style}")
    dom = cast.domain.split(".")[0].upper()
    user, ip = t.ident(login(rng)), t.ident(private_ip(rng), True)
    if style == "4624":
        data = {
            "SubjectUserName": "-",
            "TargetUserName": user,
            "TargetDomainName": dom,
            "LogonType": "10",
            "WorkstationName": t.ident(host(rng)),
            "IpAddress": ip,
            "IpPort": "51234",
        }
    else:
        data = {
            "SubjectUserName": user,
            "SubjectDomainName": dom,
            "TargetUserName": t.ident(login(rng)),
            "TargetServerName": t.ident(host(rng)),
            "ProcessName": "C:\\Windows\\System32\\runas.exe",
            "IpAddress": ip,
        }
    body = "".join(f"<Data Name='{k}'>{v}</Data>" for k, v in data.items())
    t.value = (
        f"<Event xmlns='http://schemas.microsoft.com/win/2004/08/events/event'><System><EventID>{style}</EventID>"
        f"<Computer>{t.ident(host(rng))}.{cast.domain}</Computer></System><EventData>{body}</EventData></Event>"
    )
    return t


WINEVT_STYLES = ("4624", "4648")
