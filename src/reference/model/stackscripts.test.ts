// Unit tests of the StackScripts model: visibility across accounts and grants, the one-way public flag, delete rules, user-defined fields and counters.

import { describe, expect, test } from 'vitest';
import { errorOf } from '../test-support/model-errors.js';
import { ownerAndStranger, ownerWorld, restrictedUser } from '../test-support/principals.js';
import {
  createStackScript,
  deleteStackScript,
  getStackScript,
  isMine,
  listStackScripts,
  parseUserDefinedFields,
  type StackScriptInput,
  stackScriptDeployed,
  stackScriptDeploymentEnded,
  updateStackScript,
} from './stackscripts.js';
import type { Principal, World } from './world.js';

/** A restricted user of the owner's account without grants, but for the add_stackscripts flag when asked. */
const restricted = (world: World, owner: Principal, addStackScripts = false) =>
  restrictedUser(world, owner, (grants) => {
    grants.global.add_stackscripts = addStackScripts;
  });

const input = (extra: Partial<StackScriptInput> = {}): StackScriptInput => ({
  label: 'bootstrap',
  script: '#!/bin/bash\necho hi',
  images: ['node/debian12'],
  ...extra,
});

describe('create and view', () => {
  test('a new StackScript records its creator, defaults and zero counters', () => {
    const { owner } = ownerWorld();
    const s = createStackScript(owner, input());
    expect(s).toMatchObject({
      label: 'bootstrap',
      description: '',
      rev_note: '',
      is_public: false,
      deployments_active: 0,
      deployments_total: 0,
      username: 'owner',
    });
    expect(s.user_avatar_id).toMatch(/^[0-9a-f]{32}$/);
    expect(s.updated).toBe(s.created);
    expect(getStackScript(owner, String(s.id)).script).toBe('#!/bin/bash\necho hi');
  });

  test('non-decimal and unknown ids name no StackScript', () => {
    const { owner } = ownerWorld();
    expect(errorOf(() => getStackScript(owner, 'abc'))?.kind).toBe('not-found');
    expect(errorOf(() => getStackScript(owner, '999999'))?.kind).toBe('not-found');
  });

  test('the view shows the script as last written', () => {
    const { owner } = ownerWorld();
    const s = createStackScript(owner, input());
    updateStackScript(owner, s.id, { script: 'echo two' });
    expect(getStackScript(owner, s.id).script).toBe('echo two');
  });
});

describe('visibility', () => {
  test('without a token only public StackScripts of every account are listed', () => {
    const { world, owner, stranger } = ownerAndStranger();
    const mine = createStackScript(owner, input({ is_public: true }));
    createStackScript(owner, input());
    const theirs = createStackScript(stranger, input({ is_public: true }));
    expect(listStackScripts(world, undefined).map((s) => s.id)).toEqual([mine.id, theirs.id]);
  });

  test("with a token the caller's own, private ones too, and every public one are listed", () => {
    const { world, owner, stranger } = ownerAndStranger();
    const priv = createStackScript(owner, input());
    const pub = createStackScript(owner, input({ is_public: true }));
    const foreignPublic = createStackScript(stranger, input({ is_public: true }));
    createStackScript(stranger, input());
    expect(listStackScripts(world, owner).map((s) => s.id)).toEqual([priv.id, pub.id, foreignPublic.id]);
  });

  test("another account's private StackScript is not found; its public one can be viewed", () => {
    const { owner, stranger } = ownerAndStranger();
    const priv = createStackScript(stranger, input());
    const pub = createStackScript(stranger, input({ is_public: true }));
    expect(errorOf(() => getStackScript(owner, priv.id))?.kind).toBe('not-found');
    expect(getStackScript(owner, pub.id).id).toBe(pub.id);
  });

  test('mine is true only for StackScripts of the caller account', () => {
    const { owner, stranger } = ownerAndStranger();
    const own = createStackScript(owner, input());
    const pub = createStackScript(stranger, input({ is_public: true }));
    expect(isMine(owner, own)).toBe(true);
    expect(isMine(owner, pub)).toBe(false);
    expect(isMine(undefined, pub)).toBe(false);
  });

  test('a restricted user sees private StackScripts only with a grant, public ones always', () => {
    const { world, owner } = ownerWorld();
    const priv = createStackScript(owner, input());
    const pub = createStackScript(owner, input({ is_public: true }));
    const limited = restricted(world, owner);
    expect(listStackScripts(world, limited).map((s) => s.id)).toEqual([pub.id]);
    expect(errorOf(() => getStackScript(limited, priv.id))?.kind).toBe('not-found');
    limited.user.grants.entities.stackscript.set(priv.id, 'read_only');
    expect(getStackScript(limited, priv.id).id).toBe(priv.id);
  });
});

describe('grants', () => {
  test('a restricted user needs add_stackscripts to create, and then gets read_write on it', () => {
    const { world, owner } = ownerWorld();
    expect(errorOf(() => createStackScript(restricted(world, owner), input()))?.kind).toBe('forbidden');
    const allowed = restricted(world, owner, true);
    const s = createStackScript(allowed, input());
    expect(allowed.user.grants.entities.stackscript.get(s.id)).toBe('read_write');
  });

  test('update needs read_write: read_only is refused and changes nothing', () => {
    const { world, owner } = ownerWorld();
    const s = createStackScript(owner, input());
    const limited = restricted(world, owner);
    limited.user.grants.entities.stackscript.set(s.id, 'read_only');
    expect(errorOf(() => updateStackScript(limited, s.id, { label: 'changed' }))?.kind).toBe('forbidden');
    expect(s.label).toBe('bootstrap');
  });

  test("another account's public StackScript cannot be changed or deleted", () => {
    const { owner, stranger } = ownerAndStranger();
    const pub = createStackScript(stranger, input({ is_public: true }));
    expect(errorOf(() => updateStackScript(owner, pub.id, { label: 'mine now' }))?.kind).toBe('forbidden');
    expect(errorOf(() => deleteStackScript(owner, pub.id))?.kind).toBe('forbidden');
  });
});

describe('the one-way public flag', () => {
  test('a private StackScript can be made public, and is then listed anonymously', () => {
    const { world, owner } = ownerWorld();
    const s = createStackScript(owner, input());
    updateStackScript(owner, s.id, { is_public: true });
    expect(listStackScripts(world, undefined).map((x) => x.id)).toEqual([s.id]);
  });

  test('making a public StackScript private is rejected naming is_public, and nothing changes', () => {
    const { owner } = ownerWorld();
    const s = createStackScript(owner, input({ is_public: true }));
    expect(errorOf(() => updateStackScript(owner, s.id, { is_public: false, label: 'other' }))).toEqual({
      kind: 'validation',
      field: 'is_public',
    });
    expect(s).toMatchObject({ is_public: true, label: 'bootstrap' });
  });

  test('is_public true on a public StackScript is accepted', () => {
    const { owner } = ownerWorld();
    const s = createStackScript(owner, input({ is_public: true }));
    expect(updateStackScript(owner, s.id, { is_public: true, label: 'again' }).label).toBe('again');
  });

  test('the stackscript-unpublish fault lets a public StackScript become private', () => {
    const { owner } = ownerWorld(['stackscript-unpublish']);
    const s = createStackScript(owner, input({ is_public: true }));
    expect(updateStackScript(owner, s.id, { is_public: false }).is_public).toBe(false);
  });
});

describe('delete', () => {
  test('a private StackScript is deleted', () => {
    const { owner } = ownerWorld();
    const s = createStackScript(owner, input());
    deleteStackScript(owner, s.id);
    expect(errorOf(() => getStackScript(owner, s.id))?.kind).toBe('not-found');
  });

  test('a public StackScript is refused and still exists', () => {
    const { owner } = ownerWorld();
    const s = createStackScript(owner, input({ is_public: true }));
    expect(errorOf(() => deleteStackScript(owner, s.id))?.kind).toBe('conflict');
    expect(getStackScript(owner, s.id).id).toBe(s.id);
  });

  test('the stackscript-delete-public fault deletes a public one', () => {
    const { owner } = ownerWorld(['stackscript-delete-public']);
    const s = createStackScript(owner, input({ is_public: true }));
    deleteStackScript(owner, s.id);
    expect(errorOf(() => getStackScript(owner, s.id))?.kind).toBe('not-found');
  });
});

describe('user-defined fields', () => {
  test('UDF tags are read with name, label and example; nameless tags are skipped', () => {
    const script = [
      '#!/bin/bash',
      '# <UDF name="db_password" label="Database password" example="s3cret" />',
      '# <udf NAME=\'x\' label="no name in double quotes" />',
      '# <UDF name="hostname" label="Host name" />',
    ].join('\n');
    expect(parseUserDefinedFields(script)).toEqual([
      { name: 'db_password', label: 'Database password', example: 's3cret' },
      { name: 'hostname', label: 'Host name', example: '' },
    ]);
  });

  test('fields follow the script on update', () => {
    const { owner } = ownerWorld();
    const s = createStackScript(owner, input({ script: '<UDF name="a" label="A" example="1" />' }));
    expect(s.user_defined_fields.map((f) => f.name)).toEqual(['a']);
    updateStackScript(owner, s.id, { script: '<UDF name="b" label="B" example="2" />' });
    expect(s.user_defined_fields.map((f) => f.name)).toEqual(['b']);
  });
});

describe('deployment counters', () => {
  test('a deployment counts in total and active until it ends', () => {
    const { world, owner } = ownerWorld();
    const s = createStackScript(owner, input());
    stackScriptDeployed(world, s.id);
    stackScriptDeployed(world, s.id);
    stackScriptDeploymentEnded(world, s.id);
    expect(s).toMatchObject({ deployments_total: 2, deployments_active: 1 });
    stackScriptDeploymentEnded(world, s.id);
    stackScriptDeploymentEnded(world, s.id);
    expect(s.deployments_active).toBe(0);
  });
});
