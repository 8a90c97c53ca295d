import { millisecondsInSecond, secondsInHour } from 'date-fns/constants';

/** The spec's one hour a payment search stays active after an invoice's `timeToPayDatetime`. */
export const PAYMENT_SEARCH_GRACE_SECONDS = secondsInHour;
export const PAYMENT_SEARCH_GRACE_MS = PAYMENT_SEARCH_GRACE_SECONDS * millisecondsInSecond;
