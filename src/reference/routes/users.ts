// HTTP binding of users and grants: read the parsed request, call the model, shape the user and grants records.

import * as users from '../model/users.js';
import type { User } from '../model/world.js';
import { caller, type Handlers, type RequestContext } from './context.js';

export const userRecord = (u: User) => ({ username: u.username, email: u.email, restricted: u.restricted });

/** The grants structure as the PUT body writes it: one array per entity kind, then `global`. */
export const grantsRecord = (g: users.GrantsView) => ({ ...g.entities, global: g.global });

const username = (ctx: RequestContext) => String(ctx.params.username);

export const handlers: Handlers = {
  'users/list': (ctx) => users.listUsers(caller(ctx)).map(userRecord),
  'users/create': (ctx) => userRecord(users.createUser(caller(ctx), ctx.body as unknown as users.UserInput)),
  'users/view': (ctx) => userRecord(users.getUser(caller(ctx), username(ctx))),
  'users/update': (ctx) => userRecord(users.updateUser(caller(ctx), username(ctx), ctx.body as users.UserChanges)),
  'users/delete': (ctx) => {
    users.deleteUser(caller(ctx), username(ctx));
    return {};
  },
  'users/grants/view': (ctx) => grantsRecord(users.viewGrants(caller(ctx), username(ctx))),
  'users/grants/update': (ctx) =>
    grantsRecord(users.updateGrants(caller(ctx), username(ctx), ctx.body as users.GrantsBody)),
  'users/profile-grants': (ctx) => grantsRecord(users.ownGrants(caller(ctx))),
};
