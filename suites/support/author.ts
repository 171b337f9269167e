// The one module a conformance suite file imports from src/: the harness (conformance, Kit, fixtures, procedures), the checks, the generators, the model-based runner and the exchange record, re-exported; spec/ is imported directly. Add here what a new suite needs.

export { noPlaintextSecret, secretRenewed } from '../../src/check/client-secret.js';
export {
  addressKind,
  carriesNullableString,
  gone,
  includesAll,
  includesNone,
  isPrivateIpv4,
  nonEmptyString,
  stillThere,
} from '../../src/check/compute.js';
export { servesUploaded } from '../../src/check/content.js';
export { newMethodListed, soleDefault } from '../../src/check/default-method.js';
export { notRevealed } from '../../src/check/disclosure.js';
export { asEnvelope, envelopeCounts, envelopeShape } from '../../src/check/envelope.js';
export { errorBodyShape, offendingFieldNamed } from '../../src/check/error-body.js';
export { createdNonIncreasing, eventRecordShape, laterListedFirst } from '../../src/check/events.js';
export { entityPermission, globalGrantEquals, nothingGranted } from '../../src/check/grants.js';
export {
  allowListsRouteMethods,
  bearerChallenge,
  headLikeGet,
  jsonMediaType,
  optionsListsRouteMethods,
} from '../../src/check/http-semantics.js';
export {
  instanceStatus,
  itemCount,
  knownStatusName,
  sameMembers,
  typeUpgraded,
  valueAssigned,
  valueKept,
} from '../../src/check/instances.js';
export {
  addressInRange,
  atMostOnePrimary,
  idsInOrder,
  numberSatisfies,
  recordValueIn,
} from '../../src/check/interfaces.js';
export { jsonResponse } from '../../src/check/json-response.js';
export {
  beyondLastPage,
  defaultPageIsFirst,
  defaultPageSize,
  eachItemOnce,
  pageIds,
  resultsTotal,
  stableOrder,
} from '../../src/check/paging.js';
export { answerMentions, recordValueEquals, valueAt } from '../../src/check/record-value.js';
export { type CheckResult, described, failed, pass } from '../../src/check/result.js';
export { secretNotReturned } from '../../src/check/secrecy.js';
export { acceptedWith2xx, conventionalStatus, noServerError, rejectedWith4xx } from '../../src/check/status.js';
export { fieldEquals, sameAnswer, stringFieldSatisfies } from '../../src/check/stored.js';
export { isoDateTime } from '../../src/check/timestamps.js';
export { everyListedFlagged, type Listed, listed, listedOnce, notListed } from '../../src/check/visibility.js';
export { negativeCases, validBody } from '../../src/generate/bodies.js';
export { sampleOne } from '../../src/generate/violations.js';
export { BoundReached, loopBound } from '../../src/harness/bounds.js';
export { sendRequests } from '../../src/harness/cases-at-once.js';
export { changesAccountSettings, conformance, holdActions, whileBusy } from '../../src/harness/conformance.js';
export {
  EVENT_PAGE_SIZE,
  type EventJson,
  type EventMark,
  type EventScan,
  eventsAbout,
  eventsSince,
  markEvents,
  requireWhole,
} from '../../src/harness/event-scan.js';
export type { Fixtures } from '../../src/harness/fixtures.js';
export { firstEnded, type HeldState, requireStillHeld } from '../../src/harness/held-state.js';
export { hintsFor } from '../../src/harness/hints.js';
export { inTurn } from '../../src/harness/in-turn.js';
export { wraps } from '../../src/harness/inventory.js';
export { type Kit, SkipRequirement } from '../../src/harness/kit.js';
export { scopesWithout } from '../../src/harness/procedures/auth.js';
export type { WrittenProcedure } from '../../src/harness/procedures/derived.js';
export { destroys, validRequest, type WrittenContext } from '../../src/harness/procedures/request.js';
export { type Control, judgeControl, refusedBeside } from '../../src/harness/procedures/rule-rejection.js';
export { OfferedSteps, throughOffered } from '../../src/harness/through-offered.js';
export { unknownIdFrom } from '../../src/harness/unknown-ids.js';
export { runVlan } from '../../src/harness/vlan-seats.js';
export type { Exchange } from '../../src/http/exchange.js';
export { ExpectationBroken, type StateCommand } from '../../src/stateful/model-run.js';
export {
  commandOf,
  type ReadBackStep,
  requirementsOnRow,
  type Step,
  type TableAdapter,
  type TriggerStep,
  tableRun,
} from '../../src/stateful/table-run.js';
export type { Credential, CredentialRequest, SendOptions, Session } from '../../src/target/session.js';
