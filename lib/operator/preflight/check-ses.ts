import {
  GetAccountCommand,
  GetEmailIdentityCommand,
  type GetEmailIdentityCommandOutput,
} from '@aws-sdk/client-sesv2';
import pLimit from 'p-limit';
import { type DeploymentConfig, domainOf } from '../../config';
import { ask, cannotAsk, type Finding, found, type PreflightClients, permitted, unlessMissing } from './aws';

/** SES requests at once: GetEmailIdentity is limited to a few a second per account. */
const SES_CONCURRENCY = 4;

type Identity = GetEmailIdentityCommandOutput | 'missing';

/**
 * SES where the functions send from: the account may send, and is out of the sandbox unless `sesSandbox`;
 * each sender identity is verified and signs with DKIM; in the sandbox, each recipient is verified (as an
 * address, or through its domain), since SES refuses mail to any other.
 */
export async function checkSes(
  { ses }: Pick<PreflightClients, 'ses'>,
  config: Pick<DeploymentConfig, 'accounts' | 'sesSandbox'>,
  region: string,
): Promise<Finding[]> {
  // `aws ... --region R`, so that a command copied from a finding acts on the region checked.
  const inRegion = (command: string) => `${command} --region ${region}`;
  const subject = `SES in ${region}`;
  const account = await ask(
    subject,
    "cannot read the account's sending status",
    permitted('ses:GetAccount'),
    () => ses.send(new GetAccountCommand({})),
  );
  const inSandbox = account.ProductionAccessEnabled !== true;
  const accountFindings = found(
    subject,
    account.SendingEnabled === false && [
      `sending is paused for this AWS account (enforcement status ${account.EnforcementStatus ?? 'unknown'})`,
      `see the SES console's reputation page, then resume it: ${inRegion('aws sesv2 put-account-sending-attributes --sending-enabled')}`,
    ],
    inSandbox &&
      !config.sesSandbox && [
        'the AWS account is in the SES sandbox, and the configuration says it is not (sesSandbox false): every email would fail and go to the dead-letter queue',
        `request production access (${inRegion('aws sesv2 put-account-details --production-access-enabled --mail-type TRANSACTIONAL --website-url URL --use-case-description TEXT')}), or set "sesSandbox": true in the configuration and verify every recipient`,
      ],
  );

  // Asked once per name (a recipient's domain may be a sender too); an error is kept as the answer.
  const limit = pLimit(SES_CONCURRENCY);
  const identities = new Map<string, Promise<Identity | Error>>();
  const identity = (name: string) => {
    if (!identities.has(name)) {
      const question = () => ses.send(new GetEmailIdentityCommand({ EmailIdentity: name }));
      const answer = () => unlessMissing(question(), /^NotFoundException:/).catch((error: Error) => error);
      identities.set(name, limit(answer));
    }
    return identities.get(name)!;
  };
  const unreadable = (subject: string, error: Error) =>
    cannotAsk(subject, 'cannot be read', permitted('ses:GetEmailIdentity'), error);
  const verified = (answer: Identity | Error) =>
    !(answer instanceof Error) && answer !== 'missing' && answer.VerifiedForSendingStatus === true;

  /** What is wrong with one `senderIdentity`: missing, not verified, or not signing with DKIM. */
  const sender = async (name: string): Promise<Finding[]> => {
    const subject = `SES identity ${name}`;
    const answer = await identity(name);
    if (answer instanceof Error) return [unreadable(subject, answer)];
    const isDomain = !name.includes('@');
    if (answer === 'missing') {
      return found(subject, [
        `not an SES identity in ${region}: the accounts that send as it would fail`,
        `create it (${inRegion(`aws sesv2 create-email-identity --email-identity ${name}`)}), then ${isDomain ? 'publish the three DKIM CNAME records it returns in the DNS' : 'open the link SES emails to the address'}`,
      ]);
    }
    const listing = inRegion(`aws sesv2 get-email-identity --email-identity ${name}`);
    return found(
      subject,
      answer.VerifiedForSendingStatus !== true && [
        `not verified for sending (status ${answer.VerificationStatus ?? 'unknown'})`,
        isDomain
          ? `publish its DKIM CNAME records in the DNS (${listing} lists them), then wait for SES to see them`
          : 'open the verification link SES emailed to the address (or create the identity again to resend it)',
      ],
      answer.DkimAttributes?.Status !== 'SUCCESS' && [
        `DKIM is not verified (status ${answer.DkimAttributes?.Status ?? 'none'}): mail would go out unsigned, and many mailboxes file it as spam`,
        isDomain
          ? `publish the DKIM CNAME records ${listing} lists`
          : `verify the address's domain with Easy DKIM (${inRegion(`aws sesv2 create-email-identity --email-identity ${domainOf(name)}`)})`,
      ],
    );
  };

  const recipient = async (address: string): Promise<Finding[]> => {
    const own = await identity(address);
    if (verified(own) || verified(await identity(domainOf(address)))) return [];
    const subject = `SES recipient ${address}`;
    if (own instanceof Error) return [unreadable(subject, own)];
    return found(subject, [
      'not verified, and the AWS account is in the SES sandbox, which sends to verified addresses only',
      `verify it (${inRegion(`aws sesv2 create-email-identity --email-identity ${address}`)}, then the recipient opens the link SES sends), or request production access for SES`,
    ]);
  };

  const senders = [...new Set(config.accounts.map((each) => each.senderIdentity))].sort();
  const recipients = inSandbox ? [...new Set(config.accounts.flatMap((each) => each.recipients))].sort() : [];
  const findings = await Promise.all([...senders.map(sender), ...recipients.map(recipient)]);
  return [...accountFindings, ...findings.flat()];
}
