// oidc-provider ships no type declarations; the embedded issuer uses it through a narrow, checked surface.
declare module 'oidc-provider';
