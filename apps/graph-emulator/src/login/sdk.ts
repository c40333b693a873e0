import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * A stand-in for Facebook's JS SDK (`connect.facebook.net/en_US/sdk.js`): defines `window.FB` with
 * init / login (popup + postMessage) / getLoginStatus / api / logout and calls `window.fbAsyncInit`.
 */
export function sdkSource(emulatorUrl: string): string {
  return `/* Pagecast Graph emulator — Facebook JS SDK stand-in */
(function (window) {
  'use strict';
  if (window.FB && window.FB.__emulator) return;
  var BASE = ${JSON.stringify(emulatorUrl)};
  var settings = { appId: null, version: 'v25.0', cookie: false, xfbml: false, status: false };
  var authResponse = null;
  var status = 'unknown';
  function storageKey() { return 'fbemu_auth_' + settings.appId; }
  function save() {
    try {
      if (authResponse) window.localStorage.setItem(storageKey(), JSON.stringify({ r: authResponse, at: Date.now() }));
      else window.localStorage.removeItem(storageKey());
    } catch (e) { /* storage unavailable */ }
  }
  function load() {
    try {
      var raw = window.localStorage.getItem(storageKey());
      if (!raw) return;
      var saved = JSON.parse(raw);
      var left = saved.r.expiresIn - Math.floor((Date.now() - saved.at) / 1000);
      if (left <= 0) { window.localStorage.removeItem(storageKey()); return; }
      authResponse = saved.r; authResponse.expiresIn = left; status = 'connected';
    } catch (e) { /* ignore */ }
  }
  function b64urlJson(s) {
    try { s = s.replace(/-/g, '+').replace(/_/g, '/'); while (s.length % 4) s += '='; return JSON.parse(window.atob(s)); } catch (e) { return {}; }
  }
  function response() { return { status: status, authResponse: authResponse }; }
  function query(params) {
    var parts = [];
    for (var k in params) if (Object.prototype.hasOwnProperty.call(params, k) && params[k] !== undefined && params[k] !== null) {
      var v = params[k]; if (typeof v === 'object') v = JSON.stringify(v);
      parts.push(encodeURIComponent(k) + '=' + encodeURIComponent(v));
    }
    return parts.join('&');
  }
  var FB = {
    __emulator: true,
    init: function (opts) {
      opts = opts || {};
      for (var k in opts) if (Object.prototype.hasOwnProperty.call(opts, k)) settings[k] = opts[k];
      load();
      if (settings.status) FB.getLoginStatus(function () {});
    },
    getAuthResponse: function () { return authResponse; },
    getLoginStatus: function (cb, force) {
      if (!force || !authResponse) { if (cb) setTimeout(function () { cb(response()); }, 0); return; }
      FB.api('/me', { fields: 'id' }, function (res) {
        if (!res || res.error) { authResponse = null; status = 'unknown'; save(); }
        if (cb) cb(response());
      });
    },
    login: function (cb, opts) {
      opts = opts || {};
      var state = Math.random().toString(36).slice(2) + Date.now().toString(36);
      var redirect = BASE + '/dialog/oauth/callback?origin=' + encodeURIComponent(window.location.origin);
      var url = BASE + '/dialog/oauth?' + query({
        client_id: settings.appId, redirect_uri: redirect, scope: opts.scope || '', state: state,
        response_type: 'token,signed_request', display: 'popup', return_scopes: opts.return_scopes ? 'true' : undefined,
        auth_type: opts.auth_type
      });
      var popup = window.open(url, 'fblogin', 'width=520,height=640');
      var done = false;
      function finish(res) {
        if (done) return; done = true;
        window.removeEventListener('message', onMessage);
        clearInterval(timer);
        if (cb) cb(res);
      }
      function onMessage(ev) {
        if (ev.origin !== BASE.replace(/\\/$/, '') && ev.origin !== new URL(BASE).origin) return;
        var data = ev.data;
        if (!data || data.type !== 'pagecast-emulator-login' || !data.params || data.params.state !== state) return;
        var p = data.params;
        if (!p.access_token) { finish({ status: status === 'connected' ? 'connected' : 'unknown', authResponse: null }); return; }
        var payload = b64urlJson(String(p.signed_request || '').split('.')[1] || '');
        authResponse = {
          accessToken: p.access_token,
          expiresIn: Number(p.expires_in),
          signedRequest: p.signed_request,
          userID: String(payload.user_id || ''),
          graphDomain: 'facebook',
          data_access_expiration_time: Number(p.data_access_expiration_time)
        };
        if (p.granted_scopes !== undefined) authResponse.grantedScopes = p.granted_scopes;
        status = 'connected';
        save();
        finish(response());
      }
      window.addEventListener('message', onMessage);
      var timer = setInterval(function () {
        if (!popup || popup.closed) setTimeout(function () { finish({ status: 'unknown', authResponse: null }); }, 300);
      }, 250);
    },
    logout: function (cb) {
      authResponse = null; status = 'unknown'; save();
      if (cb) setTimeout(function () { cb(response()); }, 0);
    },
    api: function (path) {
      var method = 'get', params = {}, cb = function () {};
      for (var i = 1; i < arguments.length; i++) {
        var a = arguments[i];
        if (typeof a === 'string') method = a.toLowerCase();
        else if (typeof a === 'function') cb = a;
        else if (a && typeof a === 'object') params = a;
      }
      var p = {};
      for (var k in params) if (Object.prototype.hasOwnProperty.call(params, k)) p[k] = params[k];
      if (!p.access_token && authResponse) p.access_token = authResponse.accessToken;
      var url = BASE + '/' + settings.version + '/' + String(path).replace(/^\\//, '');
      var init = { method: method.toUpperCase() };
      if (method === 'get') url += (url.indexOf('?') < 0 ? '?' : '&') + query(p);
      else { init.body = query(p); init.headers = { 'Content-Type': 'application/x-www-form-urlencoded' }; }
      window.fetch(url, init)
        .then(function (r) { return r.json(); })
        .then(function (json) { cb(json); }, function (err) { cb({ error: { message: String(err && err.message || err), type: 'NetworkError', code: 1 } }); });
    },
    XFBML: { parse: function () {} },
    Event: { subscribe: function () {}, unsubscribe: function () {} },
    AppEvents: { logPageView: function () {} }
  };
  window.FB = FB;
  if (typeof window.fbAsyncInit === 'function') setTimeout(function () { window.fbAsyncInit(); }, 0);
})(typeof window !== 'undefined' ? window : this);
`;
}

export function registerSdk(app: FastifyInstance, baseUrl: () => string): void {
  const cache = new Map<string, string>();
  const serve = async (_req: unknown, reply: FastifyReply) => {
    const url = baseUrl();
    let src = cache.get(url);
    if (!src) {
      src = sdkSource(url);
      cache.set(url, src);
    }
    return reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(src);
  };
  app.get('/sdk.js', serve);
  app.get('/en_US/sdk.js', serve);
}
