/** The error reporter (Sentry): what went wrong, for the team; never shown to the visitor, never throws. */
export interface ErrorReporter {
  report(error: unknown): void;
}
