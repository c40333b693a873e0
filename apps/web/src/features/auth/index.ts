// The auth feature's face: what other features, routes and entries may use; its other files are its own.
export { socialLogin } from './fb-sdk';
export { requireAccessToken, requireMessagingRole, requireSelectedPage } from './guards';
export { useLogin } from './use-login';
export { useLogout } from './use-logout';
export { useReconnect } from './use-reconnect';
export { LOGIN_CANCELLED, LOGIN_SCOPES, useSignIn } from './use-sign-in';
