/** RFC 6750's token68, what Hono's bearer-auth accepts (unexported there); also safe in a printed `curl`'s quotes. */
export const TOKEN68_PATTERN = /^[A-Za-z0-9._~+/-]+=*$/;
