import { describe, expect, it } from 'vitest';

import { parsedParameters } from '../../../lib/invoicing/errors';
import { listInvoicesParamsSchema, statisticsFilterSchema } from '../../../lib/invoicing/schemas';
import { thrownParameterError } from './support/caught';

describe('request parameters', () => {
  it('returns valid parameters unchanged', () => {
    const params = {
      status: 'paid' as const,
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      offset: 0,
      limit: 50,
    };

    expect(parsedParameters(listInvoicesParamsSchema, params, '/invoices/list')).toEqual(params);
  });

  it('names a date that does not exist', () => {
    const error = thrownParameterError(() =>
      parsedParameters(statisticsFilterSchema, { startDate: '2026-02-30' }, '/statistics/invoices'),
    );

    expect(error.issues).toEqual(['startDate: expected a date "Y-m-d" that exists']);
    expect(error.message).toBe(
      'Invalid parameters for /statistics/invoices: startDate: expected a date "Y-m-d" that exists',
    );
    expect(error.endpoint).toBe('/statistics/invoices');
  });

  it('names every bad field at once', () => {
    const error = thrownParameterError(() =>
      parsedParameters(
        listInvoicesParamsSchema,
        { projectId: 'not-a-uuid', status: 'refunded', offset: -1, limit: 0 },
        '/invoices/list',
      ),
    );

    expect(error.issues.map((issue) => issue.split(':')[0])).toEqual([
      'projectId',
      'status',
      'offset',
      'limit',
    ]);
  });

  it('refuses a parameter the endpoint does not have', () => {
    const error = thrownParameterError(() =>
      parsedParameters(statisticsFilterSchema, { status: 'paid' }, '/statistics/invoices'),
    );

    expect(error.issues).toEqual(['status: not accepted here']);
  });

  it('refuses a start date after the end date', () => {
    const error = thrownParameterError(() =>
      parsedParameters(
        statisticsFilterSchema,
        { startDate: '2026-02-01', endDate: '2026-01-31' },
        '/statistics/invoices',
      ),
    );

    expect(error.issues).toEqual(['startDate: 2026-02-01 is after endDate 2026-01-31']);
  });

  it('compares the dates only once every field reads', () => {
    const error = thrownParameterError(() =>
      parsedParameters(
        statisticsFilterSchema,
        { startDate: '2026-02-30', endDate: '2026-01-31' },
        '/statistics/invoices',
      ),
    );

    expect(error.issues).toEqual(['startDate: expected a date "Y-m-d" that exists']);
  });
});
