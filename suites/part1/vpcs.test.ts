// Conformance of the vpcs area (Part 1): one test per requirement.

import { conformance, inTurn } from '../support/author.js';
import { deleteModel } from './vpcs/delete-model.js';
import {
  allOrNothing,
  listAllEveryInterface,
  listOneVpcOnly,
  nodesFromInterfaces,
  subnetDeleteRefused,
} from './vpcs/interfaces.js';
import { cascade, subnetsCreated } from './vpcs/lifecycle.js';

conformance('vpcs', {
  'vpcs/create/subnets-created': subnetsCreated,
  'vpcs/delete/cascade': cascade,
  'vpcs/delete/all-or-nothing': inTurn(deleteModel, allOrNothing),
  'vpcs/subnets/delete/refused-with-interfaces': subnetDeleteRefused,
  'vpcs/subnets/view/nodes-from-interfaces': nodesFromInterfaces,
  'vpcs/ips/list-all/every-vpc-interface': listAllEveryInterface,
  'vpcs/ips/list/one-vpc-only': listOneVpcOnly,
});
