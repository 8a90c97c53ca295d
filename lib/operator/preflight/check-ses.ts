import {
  GetAccountCommand,
  type GetAccountCommandOutput,
  GetEmailIdentityCommand,
  type GetEmailIdentityCommandOutput,
} from '@aws-sdk/client-sesv2';
import pLimit from 'p-limit';
import { type DeploymentConfig, domainOf } from '../../config';
import { awsErrorName, cannotAsk, type Finding, type PreflightClients, unlessMissing } from './aws';

/** SES requests at once: GetEmailIdentity is limited to a few a second per account. */
const SES_CONCURRENCY = 4;

type Identity = GetEmailIdentityCommandOutput | 'missing';

/** `aws ... --region R`, so that a command copied from a finding acts on the region checked. */
function inRegion(command: string, region: string): string {
  return `${command} --region ${region}`;
}

/**
 * SES in the region the functions send from: the account may send, and is out of the sandbox unless the
 * configuration says it is in (`sesSandbox`); each sender identity exists, is verified for sending and
 * signs with DKIM; and while the account is in the sandbox, each recipient is verified (as an address, or
 * through its domain), since SES refuses mail to any other.
 */
export async function checkSes(
  clients: Pick<PreflightClients, 'ses'>,
  config: Pick<DeploymentConfig, 'accounts' | 'sesSandbox'>,
  region: string,
): Promise<Finding[]> {
  const { ses } = clients;
  const limit = pLimit(SES_CONCURRENCY);
  const findings: Finding[] = [];
  let account: GetAccountCommandOutput;
  try {
    account = await ses.send(new GetAccountCommand({}));
  } catch (error) {
    return [
      cannotAsk(`SES in ${region}`, "cannot read the account's sending status", error, 'ses:GetAccount'),
    ];
  }
  if (account.SendingEnabled === false) {
    findings.push({
      subject: `SES in ${region}`,
      problem: `sending is paused for this AWS account (enforcement status ${account.EnforcementStatus ?? 'unknown'})`,
      fix: `see the SES console's reputation page, then resume it: ${inRegion('aws sesv2 put-account-sending-attributes --sending-enabled', region)}`,
    });
  }
  const inSandbox = account.ProductionAccessEnabled !== true;
  if (inSandbox && !config.sesSandbox) {
    findings.push({
      subject: `SES in ${region}`,
      problem:
        'the AWS account is in the SES sandbox, and the configuration says it is not (sesSandbox false): every email would fail and go to the dead-letter queue',
      fix: `request production access (${inRegion('aws sesv2 put-account-details --production-access-enabled --mail-type TRANSACTIONAL --website-url URL --use-case-description TEXT', region)}), or set "sesSandbox": true in the configuration and verify every recipient`,
    });
  }

  // Asked once per name: a recipient's domain may be a sender too.
  const identities = new Map<string, Promise<Identity | Error>>();
  const identity = (name: string) => {
    if (!identities.has(name)) {
      const ask = () =>
        unlessMissing(
          ses.send(new GetEmailIdentityCommand({ EmailIdentity: name })),
          (error) => awsErrorName(error) === 'NotFoundException',
        ).catch((error: unknown) => error as Error);
      identities.set(name, limit(ask));
    }
    return identities.get(name)!;
  };

  const senders = [...new Set(config.accounts.map((each) => each.senderIdentity))].sort();
  const recipients = inSandbox ? [...new Set(config.accounts.flatMap((each) => each.recipients))].sort() : [];
  const [senderFindings, recipientFindings] = await Promise.all([
    Promise.all(senders.map(async (name) => senderIdentityFindings(name, await identity(name), region))),
    Promise.all(
      recipients.map(async (address) => {
        const own = await identity(address);
        const verified = (found: Identity | Error) =>
          !(found instanceof Error) && found !== 'missing' && found.VerifiedForSendingStatus === true;
        if (verified(own) || verified(await identity(domainOf(address)))) return [];
        if (own instanceof Error) return [unreadable(`SES recipient ${address}`, own)];
        return [
          {
            subject: `SES recipient ${address}`,
            problem:
              'not verified, and the AWS account is in the SES sandbox, which sends to verified addresses only',
            fix: `verify it (${inRegion(`aws sesv2 create-email-identity --email-identity ${address}`, region)}, then the recipient opens the link SES sends), or request production access for SES`,
          },
        ];
      }),
    ),
  ]);
  return [...findings, ...senderFindings.flat(), ...recipientFindings.flat()];
}

const unreadable = (subject: string, error: Error) =>
  cannotAsk(subject, 'cannot be read', error, 'ses:GetEmailIdentity');

/** What is wrong with one `senderIdentity`: missing, not verified, or not signing with DKIM. */
function senderIdentityFindings(name: string, found: Identity | Error, region: string): Finding[] {
  const subject = `SES identity ${name}`;
  if (found instanceof Error) return [unreadable(subject, found)];
  const isDomain = !name.includes('@');
  if (found === 'missing') {
    return [
      {
        subject,
        problem: `not an SES identity in ${region}: the accounts that send as it would fail`,
        fix: `create it (${inRegion(`aws sesv2 create-email-identity --email-identity ${name}`, region)}), then ${isDomain ? 'publish the three DKIM CNAME records it returns in the DNS' : 'open the link SES emails to the address'}`,
      },
    ];
  }
  const listing = inRegion(`aws sesv2 get-email-identity --email-identity ${name}`, region);
  const findings: Finding[] = [];
  if (found.VerifiedForSendingStatus !== true) {
    findings.push({
      subject,
      problem: `not verified for sending (status ${found.VerificationStatus ?? 'unknown'})`,
      fix: isDomain
        ? `publish its DKIM CNAME records in the DNS (${listing} lists them), then wait for SES to see them`
        : 'open the verification link SES emailed to the address (or create the identity again to resend it)',
    });
  }
  if (found.DkimAttributes?.Status !== 'SUCCESS') {
    findings.push({
      subject,
      problem: `DKIM is not verified (status ${found.DkimAttributes?.Status ?? 'none'}): mail would go out unsigned, and many mailboxes file it as spam`,
      fix: isDomain
        ? `publish the DKIM CNAME records ${listing} lists`
        : `verify the address's domain with Easy DKIM (${inRegion(`aws sesv2 create-email-identity --email-identity ${domainOf(name)}`, region)})`,
    });
  }
  return findings;
}
