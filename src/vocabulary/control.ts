// The reference server's control interface as every layer names it: where it lives beside the API, and which members of its answers hold a credential it minted.

/** The control interface's path on the server's origin (not under the API's base path). */
export const CONTROL_PREFIX = '/__cloudconf';

/** Members of the control interface's answers that hold a minted token (an account's owner, a user's). */
export const CONTROL_CREDENTIAL_MEMBERS: ReadonlySet<string> = new Set(['token']);
