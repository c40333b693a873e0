import type { FastifyInstance } from 'fastify';
import { signRequest } from '../webhooks/signing.js';
import { newAuthCode } from '../graph/oauth.js';
import { KNOWN_SCOPES } from '../graph/permissions.js';
import type { World } from '../world/world.js';
import { REDIRECT_BLOCKED, redirectAllowed } from './origins.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const SCOPE_LABELS: Record<string, string> = {
  public_profile: 'Your name and profile picture',
  email: 'Your email address',
  pages_show_list: 'Show a list of the Pages you manage',
  pages_messaging: 'Manage and access Page conversations in Messenger',
  pages_manage_metadata: 'Manage accounts, settings and webhooks for a Page',
  pages_read_engagement: 'Read content posted on the Page',
  business_management: 'Manage your business',
  pages_manage_engagement: 'Create and manage content on your Page',
  pages_utility_messaging: 'Manage and access Page utility messaging',
  ads_read: 'Access ads and related stats',
  ads_management: 'Manage your ads',
  marketing_messages_messenger: 'Send marketing messages on Messenger',
  paid_marketing_messages: 'Send paid marketing messages',
};

interface DialogQuery {
  client_id?: string;
  redirect_uri?: string;
  scope?: string;
  state?: string;
  response_type?: string;
  return_scopes?: string;
  auth_type?: string;
  /** Set by the dialog's form: the scopes the person left ticked are granted, the others declined. */
  choose?: string;
  grant?: string | string[];
}

function redirectWith(
  redirectUri: string,
  params: Record<string, string>,
  fragment: boolean,
): string {
  const q = new URLSearchParams(params).toString();
  if (fragment) return `${redirectUri}#${q}`;
  return `${redirectUri}${redirectUri.includes('?') ? '&' : '?'}${q}`;
}

function errorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><main><h1>Something went wrong</h1><p role="alert">${esc(message)}</p></main></body></html>`;
}

/** Facebook Login dialog stand-in: pick a user, grant the scopes, get redirected like Facebook does. */
export function registerLogin(
  app: FastifyInstance,
  world: World,
  baseUrl: () => string,
  appOrigins: ReadonlySet<string>,
): void {
  const blocked = (redirectUri: string) => !redirectAllowed(redirectUri, appOrigins, baseUrl());
  app.get('/dialog/oauth', async (req, reply) => {
    const q = req.query as DialogQuery;
    reply.header('content-type', 'text/html; charset=utf-8');
    if (q.client_id !== world.app.id)
      return reply
        .code(400)
        .send(errorPage('Invalid App ID: the provided app ID does not look like a valid app ID.'));
    if (!q.redirect_uri || !/^https?:\/\//.test(q.redirect_uri))
      return reply
        .code(400)
        .send(errorPage('URL blocked: redirect_uri is missing or not a valid URL.'));
    if (blocked(q.redirect_uri)) return reply.code(400).send(errorPage(REDIRECT_BLOCKED));
    const scopes = requestedScopes(q.scope);
    // Facebook refuses a dialog asking for a permission it does not know (e.g. page_utility_messaging).
    const invalid = scopes.filter((s) => !KNOWN_SCOPES.has(s));
    if (invalid.length > 0)
      return reply
        .code(400)
        .send(
          errorPage(
            `Invalid Scopes: ${invalid.join(', ')}. This message is only shown to developers. Users of your app will ignore these permissions if present. Please read the documentation for valid permissions at: https://developers.facebook.com/docs/facebook-login/permissions`,
          ),
        );
    const fragment = (q.response_type ?? 'code').includes('token');
    const hidden = (extra: Record<string, string>) =>
      Object.entries({ ...q, ...extra })
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(String(v))}">`)
        .join('');
    const users = [...world.users.values()]
      .filter((u) => !u.isTestUser && !u.isSystemUser)
      .slice(0, 50);
    const cancel = redirectWith(
      q.redirect_uri,
      {
        error: 'access_denied',
        error_code: '200',
        error_description: 'Permissions error',
        error_reason: 'user_denied',
        ...(q.state ? { state: q.state } : {}),
      },
      fragment,
    );
    const userButtons = users
      .map(
        (
          u,
        ) => `<li><form method="post" action="/dialog/oauth/confirm">${hidden({ user_id: u.id, choose: '1' })}${scopes.map((sc) => `<input type="hidden" name="grant" value="${esc(sc)}" data-scope="${esc(sc)}">`).join('')}
<button type="submit" aria-label="Continue as ${esc(u.name)}"><img src="/_emulator/avatars/${u.id}.svg" alt="" width="40" height="40"> Continue as ${esc(u.name)}</button></form></li>`,
      )
      .join('\n');
    return reply.send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Log in with Facebook (emulator)</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1c1e21}
h1{font-size:1.25rem}ul{list-style:none;padding:0}li{margin:.5rem 0}
button{display:flex;align-items:center;gap:.75rem;width:100%;padding:.6rem 1rem;font-size:1rem;border:1px solid #ccd0d5;border-radius:6px;background:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #1877f2;outline-offset:2px}img{border-radius:50%}.muted{color:#606770}</style></head>
<body><main>
<h1>${esc(world.app.name)} is requesting access</h1>
<p class="muted">Facebook emulator — choose who you are. ${esc(world.app.name)} will receive:</p>
<ul aria-label="Requested permissions">${scopes
      .map(
        (s) =>
          `<li><label><input type="checkbox" class="scope" value="${esc(s)}" checked${s === 'public_profile' ? ' disabled' : ''}> <strong>${esc(s)}</strong> — ${esc(SCOPE_LABELS[s] ?? s)}</label></li>`,
      )
      .join('')}</ul>
<h2 style="font-size:1rem">Log in as</h2>
<ul aria-label="Accounts">${userButtons || '<li>No users in this world. Create one with POST /_emulator/users.</li>'}</ul>
<p><a href="${esc(cancel)}">Cancel</a></p>
</main><script>
document.querySelectorAll('.scope').forEach(function (box) {
  box.addEventListener('change', function () {
    document.querySelectorAll('input[name="grant"][data-scope="' + box.value + '"]').forEach(function (h) {
      h.disabled = !box.checked;
    });
  });
});
</script></body></html>`);
  });

  app.post('/dialog/oauth/confirm', async (req, reply) => {
    const q = req.body as DialogQuery & { user_id?: string };
    const user = q.user_id ? world.users.get(q.user_id) : undefined;
    if (q.client_id !== world.app.id || !q.redirect_uri || !user) {
      return reply
        .code(400)
        .header('content-type', 'text/html; charset=utf-8')
        .send(errorPage('Invalid login request.'));
    }
    if (blocked(q.redirect_uri))
      return reply
        .code(400)
        .header('content-type', 'text/html; charset=utf-8')
        .send(errorPage(REDIRECT_BLOCKED));
    // A permission the person declined before is not asked again unless the app asks to re-request it
    // (auth_type=rerequest): https://developers.facebook.com/docs/facebook-login/handling-declined-permissions
    const scopes = requestedScopes(q.scope).filter(
      (s) => q.auth_type === 'rerequest' || user.permissions[s] !== 'declined',
    );
    // The person may untick permissions (`choose=1` with the ticked ones as `grant`): those are declined,
    // and /me/permissions, debug_token and the token say so. Without `choose`, all are granted.
    const ticked =
      q.choose === '1'
        ? new Set([
            'public_profile',
            ...(Array.isArray(q.grant) ? q.grant : q.grant ? [q.grant] : []),
          ])
        : new Set(scopes);
    world.grant(
      user,
      scopes.filter((s) => ticked.has(s)),
    );
    const declined = scopes.filter((s) => !ticked.has(s));
    world.decline(user, declined);
    const granted = world.grantedScopes(user);
    const state: Record<string, string> = q.state ? { state: q.state } : {};
    const responseType = q.response_type ?? 'code';
    if (responseType.includes('token')) {
      const rec = world.tokens.issue({
        type: 'USER',
        userId: user.id,
        appId: world.app.id,
        scopes: granted,
        longLived: false,
      });
      const issuedAt = Math.floor(world.now() / 1000);
      const signed = signRequest(
        {
          user_id: user.id,
          issued_at: issuedAt,
          code: newAuthCode(world, user.id, granted, q.redirect_uri),
        },
        world.app.secret,
      );
      world.touch();
      return reply.redirect(
        redirectWith(
          q.redirect_uri,
          {
            access_token: rec.token,
            data_access_expiration_time: String(Math.floor(rec.dataAccessExpiresAt / 1000)),
            expires_in: String(Math.round((rec.expiresAt - world.now()) / 1000)),
            signed_request: signed,
            ...(q.return_scopes === 'true'
              ? { granted_scopes: granted.join(','), denied_scopes: declined.join(',') }
              : {}),
            ...state,
          },
          true,
        ),
        302,
      );
    }
    const code = newAuthCode(world, user.id, granted, q.redirect_uri);
    world.touch();
    return reply.redirect(redirectWith(q.redirect_uri, { code, ...state }, false), 302);
  });

  /** The page the SDK popup lands on: hands the result to the opener with postMessage, then closes. */
  app.get('/dialog/oauth/callback', async (req, reply) => {
    reply.header('content-type', 'text/html; charset=utf-8');
    // The page posts the token to `origin`: only to one of the app's.
    const origin = (req.query as { origin?: string }).origin;
    if (!origin || !appOrigins.has(origin))
      return reply.code(400).send(errorPage(REDIRECT_BLOCKED));
    return reply.send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Logging in…</title></head>
<body><p>Completing login…</p><script>
(function(){function parse(raw){var p={};raw.split('&').forEach(function(kv){if(!kv)return;var i=kv.indexOf('=');var k=decodeURIComponent(i<0?kv:kv.slice(0,i));p[k]=i<0?'':decodeURIComponent(kv.slice(i+1).replace(/\\+/g,' '));});return p;}
var q=parse((location.search||'').replace(/^\\?/,''));var h=parse((location.hash||'').replace(/^#/,''));
var p={};Object.keys(q).forEach(function(k){if(k!=='origin')p[k]=q[k];});Object.keys(h).forEach(function(k){p[k]=h[k];});
var target=q.origin;
if(window.opener){window.opener.postMessage({type:'pagecast-emulator-login',params:p},target);}
setTimeout(function(){window.close();},50);})();
</script></body></html>`);
  });
}

/** The scopes a login dialog asks for (`scope=a,b`), always with public_profile, each once. */
function requestedScopes(scope: string | undefined): string[] {
  const asked = (scope ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Set(['public_profile', ...asked])];
}
