// What several Part 3 files share, written once: how they cite the document (at, clause), the instance parameter and access, and the fields of several bodies (instance create, rebuild, clone, disk create) with their rules.

import { arr, field, int, item, length, matches, mustNotMatch, obj, source, str } from '../build.js';
import { proseOf } from '../prose.js';
import type { Family, Field, Level, Requirement, Rule, Secret, Source, Subject } from '../types.js';

/** A section of the Part 3 document, as a source. */
export const at = (section: string): Source => source(3, section);

/** The path parameter that names an instance, and the access an operation on it, or on a part of it, needs. */
export const nodeParams = { nodeId: 'integer' } as const;
export const nodeRead = { entity: { kind: 'node', param: 'nodeId', permission: 'read_only' } } as const;
export const nodeWrite = { entity: { kind: 'node', param: 'nodeId', permission: 'read_write' } } as const;

const prose = proseOf(3);

/** A Part 3 requirement written from prose: MUST unless another level is given. */
export const clause = (
  id: string,
  text: string,
  subject: Subject,
  family: Family,
  section: string,
  level: Level = 'MUST',
): Requirement => prose(id, level, text, subject, family, section);

/** What the id of an account (private) image matches: `private/...`. */
export const PRIVATE_IMAGE_PATTERN = '^private/';

/** The exact error text Part 3 fixes for a weak root password. */
export const PASSWORD_STRENGTH_ERROR = 'Password does not meet strength requirement';

export const passwordRules: Rule[] = [
  length(7, 128),
  { kind: 'password-strength', errorText: PASSWORD_STRENGTH_ERROR },
];

/** A root password the API takes and never shows (`string (password)`): not giving it back is a convention. */
export const rootPasswordSecret: Secret = { what: 'root password', words: 'string (password)' };

export const rootPass = (description = 'root password'): Field =>
  str('root_pass', { format: 'password', rules: passwordRules, description, secret: rootPasswordSecret });

/** Instance label rules (create, update, clone): 3..64, alphanumeric ends, allowed characters, no doubled separators. */
export const instanceLabelRules: Rule[] = [
  length(3, 64),
  matches('alphanumeric-ends', '^[A-Za-z0-9](?:.*[A-Za-z0-9])?$', 'begin and end with an alphanumeric character'),
  matches('characters', '^[A-Za-z0-9._-]*$', 'contain only alphanumerics, hyphens, underscores and periods'),
  mustNotMatch('no-doubled-separators', '--|__|\\.\\.', 'hold no two hyphens, underscores or periods in a row'),
];

export const authorizedKeys = (): Field =>
  arr('authorized_keys', item('string'), {
    description: "public SSH keys appended to the root user's authorized keys",
  });

export const authorizedUsers = (): Field =>
  arr('authorized_users', item('string'), { description: 'usernames whose SSH keys are appended' });

export const stackscriptId = (): Field => int('stackscript_id', { description: 'StackScript to run' });

export const stackscriptData = (): Field =>
  field('stackscript_data', 'object', {
    rules: [{ kind: 'json-length', max: 65535 }],
    values: { name: 'value', type: 'any' },
    description: 'answers to the StackScript user-defined fields; valid JSON',
  });

export const USER_DATA_MAX_BYTES = 65535;

export const metadata = (): Field =>
  obj('metadata', [
    str('user_data', {
      format: 'byte',
      rules: [{ kind: 'base64-decoded-length', max: USER_DATA_MAX_BYTES }],
      description: 'base64-encoded cloud-config data',
    }),
  ]);
