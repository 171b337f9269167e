// Conformance of the account area (Part 2): one test per requirement.

import { changesAccountSettings, conformance } from '../support/author.js';
import { backupsDisabledLeaves, backupsEnabledEnrolls, networkHelperDefault } from './account/defaults.js';
import { promoAccountAge, promoCodeValid } from './account/promo.js';
import {
  settingsOmittedUnchanged,
  settingsPersisted,
  taxIdEmptyAccepted,
  unknownRegion,
  updatePersisted,
} from './account/records.js';
import { stateCodeByCountry } from './account/state-code.js';

conformance('account', {
  'account/update/persisted': updatePersisted,
  'account/update/tax-id-empty-accepted': taxIdEmptyAccepted,
  'account/update/state-code-us-ca': stateCodeByCountry,
  'account/availability/view/unknown-region': unknownRegion,
  'account/settings/update/persisted': settingsPersisted,
  'account/settings/update/omitted-unchanged': settingsOmittedUnchanged,
  'account/backups-enabled-enrolls-new-instances': changesAccountSettings(backupsEnabledEnrolls),
  'account/backups-disabled-leaves-enrollment': changesAccountSettings(backupsDisabledLeaves),
  'account/network-helper-default': changesAccountSettings(networkHelperDefault),
  'account/promo-codes/add/account-younger-than-90-days': promoAccountAge,
  'account/promo-codes/add/valid-unexpired-code': promoCodeValid,
});
