// The queues' face: names, payloads and the calls that several capabilities make on pg-boss. Below every
// module and jobs/ (which runs the workers), so a module can queue work without importing the jobs.
export * from './queues.js';
export { BATCH_JOB_OPTIONS, campaignsWithWaitingBatchJobs, enqueueBatchJobs } from './batches.js';
export { cancelQueuedJobs } from './cancel.js';
