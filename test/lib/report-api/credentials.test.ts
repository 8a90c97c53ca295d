import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemorySecretSource } from '../../../lib/delivery/secrets';
import { createReportApi } from '../../../lib/report-api';
import {
  ACCOUNT_TOKEN_KEY,
  ACCOUNT_TOKEN_KEY_SECRET,
  accountTokenFor,
  BROWSER,
  expectError,
  pathOf,
  type ReportApiHarness,
  startReportApiHarness,
  TOKEN,
} from './report-api-harness';

/** An answer as a caller sees it: everything but the headers that differ per request. */
async function seen(response: Response) {
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    challenge: response.headers.get('www-authenticate'),
    body: await response.text(),
  };
}

/** The path and query of the page's signed link in a report's JSON answer. */
async function reportLinkIn(answer: Response): Promise<string> {
  const { files } = (await answer.json()) as { files: Record<string, string> };
  return pathOf(files['report.html']!);
}

describe('report API credentials', () => {
  let h: ReportApiHarness;
  const demoToken = accountTokenFor('demo');

  beforeAll(async () => {
    h = await startReportApiHarness();
    // A complete report of each account to find, or not.
    for (const account of ['demo', 'kiritimati']) {
      expect((await h.get(`/reports/${account}/2026-10`)).status).toBe(200);
    }
  });

  afterAll(async () => {
    await h.close();
  });

  describe('an account token', () => {
    it("reads its own account's reports, list and files", async () => {
      expect((await h.get('/reports/demo/2026-10', { token: demoToken })).status).toBe(200);
      expect((await h.get('/reports/demo', { token: demoToken })).status).toBe(200);
      expect((await h.get('/reports/demo/2026-10/summary.json', { token: demoToken })).status).toBe(302);
    });

    it.each([
      ['/reports/kiritimati/2026-10', '/reports/globex/2026-10'],
      ['/reports/kiritimati', '/reports/globex'],
      ['/reports/kiritimati/2026-10/summary.json', '/reports/globex/2026-10/summary.json'],
      ['/reports/kiritimati/2026-10?refresh=true', '/reports/globex/2026-10?refresh=true'],
      ['/reports/kiritimati/2026-11', '/reports/globex/2026-11'],
    ])('gets for %s exactly the answer of an account that does not exist (%s)', async (other, unknown) => {
      const requestsBefore = h.serviceRequests.length;
      for (const headers of [{ Accept: 'application/json' }, { Accept: 'text/html' }]) {
        const asOther = await seen(await h.get(other, { token: demoToken, headers }));
        const asUnknown = await seen(await h.get(unknown, { token: demoToken, headers }));
        expect(asOther.status).toBe(404);
        expect(asOther).toEqual(asUnknown);
      }
      expect(
        await expectError(await h.get(other, { token: demoToken }), 404, 'unknown_account', [demoToken]),
      ).toBe('there is no such account, or this token may not read it');
      // Nothing was built for the other account.
      expect(h.serviceRequests.length).toBe(requestsBefore);
    });

    it('is refused like a wrong token once its account has left the configuration', async () => {
      const app = createReportApi({
        ...h.options,
        accounts: h.options.accounts.filter((account) => account.name !== 'demo'),
      });
      const removed = await seen(
        await app.request('/reports/kiritimati/2026-10', {
          headers: { Authorization: `Bearer ${demoToken}` },
        }),
      );
      const wrong = await seen(
        await app.request('/reports/kiritimati/2026-10', {
          headers: { Authorization: `Bearer ${accountTokenFor('demo', 1, `${ACCOUNT_TOKEN_KEY}-other`)}` },
        }),
      );
      expect(removed.status).toBe(401);
      expect(removed).toEqual(wrong);
    });

    it('is revoked by raising its account’s token generation, and the next generation’s token works', async () => {
      const app = createReportApi({
        ...h.options,
        accounts: h.options.accounts.map((account) =>
          account.name === 'demo' ? { ...account, tokenGeneration: 2 } : account,
        ),
      });
      const ask = (token: string) =>
        app.request('/reports/demo/2026-10', { headers: { Authorization: `Bearer ${token}` } });
      await expectError(await ask(demoToken), 401, 'unauthorized');
      expect((await ask(accountTokenFor('demo', 2))).status).toBe(200);
    });

    it('takes with it, when revoked, the links its holder was given: a file link and the list link', async () => {
      const answer = await h.get('/reports/demo/2026-10', { token: demoToken });
      const fileLink = await reportLinkIn(answer);
      const listPage = await (await h.get('/reports/demo', { token: demoToken, headers: BROWSER })).text();
      const listLink = pathOf(/action="([^"]+)"/.exec(listPage)![1]!.replaceAll('&amp;', '&'));
      // Until the generation is raised, both open.
      expect((await h.get(fileLink, { token: null })).status).toBe(302);
      expect((await h.get(listLink, { token: null })).status).toBe(200);

      const raised = createReportApi({
        ...h.options,
        accounts: h.options.accounts.map((account) =>
          account.name === 'demo' ? { ...account, tokenGeneration: 2 } : account,
        ),
      });
      await expectError(await raised.request(fileLink), 403, 'invalid_signature');
      await expectError(await raised.request(listLink), 403, 'invalid_signature');
      // The new generation's token hands out links that open.
      const fresh = await raised.request('/reports/demo/2026-10', {
        headers: { Authorization: `Bearer ${accountTokenFor('demo', 2)}` },
      });
      const freshLink = await reportLinkIn(fresh);
      expect((await raised.request(freshLink)).status).toBe(302);
    });

    it("is refused under another account's name", async () => {
      const forged = demoToken.replace('acct_demo_', 'acct_kiritimati_');
      const response = await h.get('/reports/kiritimati/2026-10', { token: forged });
      expect(response.headers.get('www-authenticate')).toBe(
        'Bearer realm="invoice-reports", error="invalid_token"',
      );
      expect(await expectError(response, 401, 'unauthorized', [forged])).toBe(
        'the token is not valid: send the operator token, or an account\'s own token from "npm run account-token" (locally, "npm start" prints both)',
      );
    });

    it('made with another key is refused', async () => {
      const other = accountTokenFor('demo', 1, 'a-key-of-another-deployment-0123456789');
      await expectError(await h.get('/reports/demo/2026-10', { token: other }), 401, 'unauthorized');
    });

    it('answers 500 without saying why when the account token key is too short to use', async () => {
      const app = createReportApi({
        ...h.options,
        publish: {
          ...h.options.publish,
          secrets: new InMemorySecretSource({ [ACCOUNT_TOKEN_KEY_SECRET]: 'short' }),
        },
      });
      const response = await app.request('/reports/demo/2026-10', {
        headers: { Authorization: `Bearer ${demoToken}` },
      });
      const message = await expectError(response, 500, 'configuration_error');
      expect(message).not.toContain(ACCOUNT_TOKEN_KEY_SECRET);
    });
  });

  describe('the operator token', () => {
    it('reads every account', async () => {
      for (const path of [
        '/reports/demo/2026-10',
        '/reports/kiritimati/2026-10',
        '/reports/demo',
        '/reports/kiritimati',
      ]) {
        expect({ path, status: (await h.get(path, { token: TOKEN })).status }).toEqual({ path, status: 200 });
      }
    });

    it('is never taken for an account token, nor the reverse', async () => {
      await expectError(await h.get('/reports/demo', { token: `acct_${TOKEN}` }), 401, 'unauthorized');
      await expectError(
        await h.get('/reports/demo', { token: demoToken.replace('acct_', 'acct-') }),
        401,
        'unauthorized',
      );
    });
  });
});
