/**
 * What a bearer token or an API key may hold: RFC 6750's token68, the characters Hono's bearer-auth
 * accepts (its own pattern is not exported). The sandbox's API key and the local stack's tokens are
 * checked against it; it also keeps a token safe inside the single quotes of a printed `curl`.
 */
export const TOKEN68_PATTERN = /^[A-Za-z0-9._~+/-]+=*$/;
