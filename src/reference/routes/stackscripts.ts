// HTTP binding of StackScripts: read the parsed request, call the model, shape the StackScript records.

import type { StackScript } from '../model/stackscripts.js';
import * as stackscripts from '../model/stackscripts.js';
import type { Principal } from '../model/world.js';
import { caller, type Handlers, type RequestContext } from './context.js';

/** The record as the document lists it; `mine` depends on who asks. */
export const stackScriptRecord = (s: StackScript, p: Principal | undefined) => ({
  id: s.id,
  label: s.label,
  script: s.script,
  images: [...s.images],
  description: s.description,
  is_public: s.is_public,
  rev_note: s.rev_note,
  created: s.created,
  updated: s.updated,
  deployments_active: s.deployments_active,
  deployments_total: s.deployments_total,
  mine: stackscripts.isMine(p, s),
  user_defined_fields: s.user_defined_fields.map((f) => ({ ...f })),
  user_avatar_id: s.user_avatar_id,
  username: s.username,
});

const stackscriptId = (ctx: RequestContext) => String(ctx.params.stackscriptId);

export const handlers: Handlers = {
  'stackscripts/list': (ctx) =>
    stackscripts.listStackScripts(ctx.world, ctx.principal).map((s) => stackScriptRecord(s, ctx.principal)),
  'stackscripts/create': (ctx) => {
    const p = caller(ctx);
    return stackScriptRecord(
      stackscripts.createStackScript(p, ctx.body as unknown as stackscripts.StackScriptInput),
      p,
    );
  },
  'stackscripts/view': (ctx) => {
    const p = caller(ctx);
    return stackScriptRecord(stackscripts.getStackScript(p, stackscriptId(ctx)), p);
  },
  'stackscripts/update': (ctx) => {
    const p = caller(ctx);
    const changes = ctx.body as stackscripts.StackScriptChanges;
    return stackScriptRecord(stackscripts.updateStackScript(p, stackscriptId(ctx), changes), p);
  },
  'stackscripts/delete': (ctx) => {
    stackscripts.deleteStackScript(caller(ctx), stackscriptId(ctx));
    return {};
  },
};
