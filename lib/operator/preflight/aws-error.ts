import { errorParts } from '../../config';

/** The AWS error's name (`ResourceNotFoundException`, `AccessDeniedException`), or `Error`. */
export function awsErrorName(error: unknown): string {
  return errorParts(error).name;
}

/** `AccessDeniedException: User ... is not authorized`: an error as a finding quotes it (SDK messages name requests, never values). */
export function awsErrorText(error: unknown): string {
  const { name, message } = errorParts(error);
  return `${name}: ${message.replace(/\.$/, '')}`;
}

/** Whether the error is IAM refusing the operator's credentials this call. */
export function isAccessDenied(error: unknown): boolean {
  return /AccessDenied|UnauthorizedOperation|NotAuthorized/.test(awsErrorName(error));
}

/** A finding's fix for a call the operator's credentials may not make. */
export function permissionFix(action: string): string {
  return `run preflight with credentials allowed ${action} (the deploying role usually is)`;
}
