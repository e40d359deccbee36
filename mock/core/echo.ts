/** The most of a client's input a message quotes back. */
const ECHO_MAX_LENGTH = 40;

/**
 * A value from a request as a message quotes it: whole up to ECHO_MAX_LENGTH characters, else its
 * start and `…`. A message built from a request stays short whatever was sent.
 * @example `fault=${echo(fault)} is not a fault`
 */
export function echo(value: string): string {
  return value.length > ECHO_MAX_LENGTH ? `${value.slice(0, ECHO_MAX_LENGTH)}…` : value;
}
