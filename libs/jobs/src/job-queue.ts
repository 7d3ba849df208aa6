/**
 * Work queues and schedules, with one interface for BullMQ on Redis (compose, k8s) and an in-process
 * runner (the embedded default). A service names its jobs in a job map (job name → data type) and
 * hands every handler at once; a job without its handler fails start-up.
 */

/** Job name → the data that job carries. */
export type JobMap = Record<string, unknown>;

export interface JobOptions {
  /**
   * The job's identity: adding a job whose id is already waiting, running or done within the retention
   * window (8 days by default) adds nothing, so a fan-out repeated for the same slot within the week
   * queues each job once. Any characters will do.
   */
  jobId: string;
  /** Start no sooner than this many milliseconds from now. */
  delayMs?: number;
}

export interface JobContext {
  id: string;
  /** 1 on the first try; a retry after a failure or a stalled (crashed) worker counts up. */
  attempt: number;
}

export type JobHandler<Data> = (data: Data, job: JobContext) => Promise<void>;

/** One handler per job of the map: the type checks it, and start-up checks it again at run time. */
export type JobHandlers<Jobs extends JobMap> = { [Name in keyof Jobs & string]: JobHandler<Jobs[Name]> };

export interface JobCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
}

export interface JobQueue<Jobs extends JobMap> {
  readonly name: string;
  add<Name extends keyof Jobs & string>(name: Name, data: Jobs[Name], options: JobOptions): Promise<void>;
  addBulk<Name extends keyof Jobs & string>(
    jobs: readonly { name: Name; data: Jobs[Name]; options: JobOptions }[],
  ): Promise<void>;
  /**
   * Starts running jobs with these handlers, `concurrency` at a time in this process. Throws when a job
   * of the map has no handler or a handler names no job.
   */
  work(handlers: JobHandlers<Jobs>, options: { concurrency: number }): Promise<void>;
  counts(): Promise<JobCounts>;
  /** Whether the queue reaches its store now (always true in process). */
  isConnected(): boolean;
  /** Stops taking jobs, lets running ones finish, then disconnects. */
  close(): Promise<void>;
}

/** A repeating schedule: a cron pattern read in a time zone. */
export interface Schedule {
  /** Stable id: replicas upserting the same id share one schedule. */
  id: string;
  /** Five-field cron, e.g. "*\/15 * * * *". */
  pattern: string;
  timeZone: string;
}

/**
 * Fires schedules. Each slot fires once across every replica sharing the store; `onFire` gets the slot's
 * time (the instant the pattern named, not when it ran) and may throw to have the slot retried.
 */
export interface Scheduler {
  start(
    schedules: readonly Schedule[],
    onFire: (scheduleId: string, slot: Date) => Promise<void>,
  ): Promise<void>;
  isConnected(): boolean;
  close(): Promise<void>;
}
