import addressparser from 'nodemailer/lib/addressparser';
import * as z from 'zod';
import { InvalidEmailError } from './errors';

const emailSchema = z.email();

/**
 * Checks that `value` is one mailbox, bare (`reports@acme.example`) or with a display name
 * (`Acme Reports <reports@acme.example>`), and returns its address part.
 * @throws InvalidEmailError naming the role (`from`, `to`) and the value
 */
export function mailboxAddress(value: unknown, role: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new InvalidEmailError(`${role} must be an email address`);
  }
  const parsed = addressparser(value);
  const only = parsed.length === 1 ? parsed[0] : undefined;
  if (!only || only.group !== undefined || !emailSchema.safeParse(only.address).success) {
    throw new InvalidEmailError(`${role} ${JSON.stringify(value)} is not one valid email address`);
  }
  return only.address;
}

/**
 * Checks a recipient list: at least one, each a valid mailbox.
 * @throws InvalidEmailError
 */
export function recipientAddresses(to: unknown): string[] {
  if (!Array.isArray(to) || to.length === 0) {
    throw new InvalidEmailError('to must list at least one recipient');
  }
  return to.map((recipient) => mailboxAddress(recipient, 'to'));
}
