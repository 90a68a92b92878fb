import { z } from 'zod';
import { STATUS_BUCKETS, STATUS_RANGES } from './status';

/** Console inputs of the status page (issue 29). */
export const statusInstancesInput = z.object({});
export const statusJobsInput = z.object({});
export const statusPulseInput = z.object({ sRange: z.enum(STATUS_RANGES), sBucket: z.enum(STATUS_BUCKETS).optional() });
export const consoleOverviewInput = z.object({});
