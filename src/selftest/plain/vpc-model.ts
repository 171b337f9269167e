// The VPCs and subnets of the plain server: their state and the rules Part 1 gives them (fields, limits, the delete that takes every subnet), as records; no HTTP here.

import { checkText, cidrProblem, isObject, type Json, type PlainLimits, type Problem, Problems } from './rules.js';

/** A request the rules refuse: the problems, each naming its field. */
export class Invalid extends Error {
  constructor(readonly problems: Problem[]) {
    super(problems.map((p) => `${p.field ?? 'request'}: ${p.reason}`).join('; '));
  }
}

/** A path that names no VPC or subnet. */
export class NotFound extends Error {}

/** How an update treats a field the documents mark "not accepted" on update (DECISIONS 2 leaves the choice open). */
export type NotAcceptedPolicy = 'refuse' | 'ignore';

interface Subnet {
  id: number;
  label: string;
  ipv4: string;
  created: Date;
  updated: Date | null;
}

interface Vpc {
  id: number;
  label: string;
  description: string;
  region: string;
  subnets: Map<number, Subnet>;
  created: Date;
  updated: Date | null;
}

/** Absent, or null on an optional field: not given (DECISIONS 17). */
const given = (v: unknown) => v !== undefined && v !== null;

const stamp = (d: Date | null) => (d ? d.toISOString() : null);

function subnetRecord(s: Subnet): Json {
  // No instance can be attached here: the plain server offers no configuration profiles (Part 3).
  return { id: s.id, label: s.label, ipv4: s.ipv4, nodes: [], created: stamp(s.created), updated: stamp(s.updated) };
}

function vpcRecord(v: Vpc): Json {
  return {
    id: v.id,
    label: v.label,
    description: v.description,
    region: v.region,
    subnets: [...v.subnets.values()].map(subnetRecord),
    created: stamp(v.created),
    updated: stamp(v.updated),
  };
}

export interface VpcModelOptions {
  regions: readonly string[];
  limits: PlainLimits;
  notAccepted: NotAcceptedPolicy;
}

/** Every VPC of the one account the plain server has, in id order. */
export class VpcModel {
  private readonly vpcs = new Map<number, Vpc>();
  private nextVpcId = 1;
  private nextSubnetId = 1;

  constructor(private readonly options: VpcModelOptions) {}

  listVpcs(): Json[] {
    return [...this.vpcs.values()].map(vpcRecord);
  }

  viewVpc(vpcId: number): Json {
    return vpcRecord(this.vpc(vpcId));
  }

  createVpc(body: Json): Json {
    const problems = new Problems();
    const { labelMin, labelMax, descriptionMax } = this.options.limits;
    if (!given(body.label)) problems.add('label', 'Required');
    else checkText(problems, 'label', body.label, labelMin, labelMax);
    if (given(body.description)) checkText(problems, 'description', body.description, 0, descriptionMax);
    this.checkRegion(problems, body.region);
    const subnets = this.checkSubnetsOfCreate(problems, body.subnets);
    if (!problems.none) throw new Invalid(problems.list);
    const vpc: Vpc = {
      id: this.nextVpcId++,
      label: body.label as string,
      description: given(body.description) ? (body.description as string) : '',
      region: body.region as string,
      subnets: new Map(),
      created: new Date(),
      updated: null,
    };
    for (const s of subnets) this.addSubnet(vpc, s.label, s.ipv4);
    this.vpcs.set(vpc.id, vpc);
    return vpcRecord(vpc);
  }

  updateVpc(vpcId: number, body: Json): Json {
    const vpc = this.vpc(vpcId);
    const problems = new Problems();
    const { labelMin, labelMax, descriptionMax } = this.options.limits;
    if (given(body.label)) checkText(problems, 'label', body.label, labelMin, labelMax);
    if (given(body.description)) checkText(problems, 'description', body.description, 0, descriptionMax);
    this.checkNotAccepted(problems, body, ['region', 'subnets']);
    if (!problems.none) throw new Invalid(problems.list);
    if (given(body.label)) vpc.label = body.label as string;
    if (given(body.description)) vpc.description = body.description as string;
    vpc.updated = new Date();
    return vpcRecord(vpc);
  }

  /** Deletes the VPC and every subnet of it: with no interfaces possible here, every subnet is deletable. */
  deleteVpc(vpcId: number): void {
    this.vpc(vpcId);
    this.vpcs.delete(vpcId);
  }

  listSubnets(vpcId: number): Json[] {
    return [...this.vpc(vpcId).subnets.values()].map(subnetRecord);
  }

  viewSubnet(vpcId: number, subnetId: number): Json {
    return subnetRecord(this.subnet(vpcId, subnetId));
  }

  createSubnet(vpcId: number, body: Json): Json {
    const vpc = this.vpc(vpcId);
    const problems = new Problems();
    this.checkSubnet(problems, body, '');
    if (!problems.none) throw new Invalid(problems.list);
    return subnetRecord(this.addSubnet(vpc, body.label as string, body.ipv4 as string));
  }

  updateSubnet(vpcId: number, subnetId: number, body: Json): Json {
    const subnet = this.subnet(vpcId, subnetId);
    const problems = new Problems();
    const { labelMin, labelMax } = this.options.limits;
    if (given(body.label)) checkText(problems, 'label', body.label, labelMin, labelMax);
    this.checkNotAccepted(problems, body, ['ipv4']);
    if (!problems.none) throw new Invalid(problems.list);
    if (given(body.label)) subnet.label = body.label as string;
    subnet.updated = new Date();
    return subnetRecord(subnet);
  }

  deleteSubnet(vpcId: number, subnetId: number): void {
    this.subnet(vpcId, subnetId);
    this.vpc(vpcId).subnets.delete(subnetId);
  }

  /** The VPC IP address records of one VPC, or of all: none, since no instance can have a VPC interface here. */
  ips(vpcId?: number): Json[] {
    if (vpcId !== undefined) this.vpc(vpcId);
    return [];
  }

  private vpc(vpcId: number): Vpc {
    const vpc = this.vpcs.get(vpcId);
    if (!vpc) throw new NotFound();
    return vpc;
  }

  private subnet(vpcId: number, subnetId: number): Subnet {
    const subnet = this.vpc(vpcId).subnets.get(subnetId);
    if (!subnet) throw new NotFound();
    return subnet;
  }

  private addSubnet(vpc: Vpc, label: string, ipv4: string): Subnet {
    const subnet: Subnet = { id: this.nextSubnetId++, label, ipv4, created: new Date(), updated: null };
    vpc.subnets.set(subnet.id, subnet);
    return subnet;
  }

  private checkRegion(problems: Problems, region: unknown): void {
    if (!given(region)) problems.add('region', 'Required');
    else if (typeof region !== 'string') problems.add('region', 'Must be a string');
    else if (!this.options.regions.includes(region)) problems.add('region', 'No such region');
  }

  /** A subnet body (`at` prefixes its fields' names inside a VPC create: `subnets[0].`). */
  private checkSubnet(problems: Problems, body: Json, at: string): void {
    const { labelMin, labelMax } = this.options.limits;
    if (!given(body.label)) problems.add(`${at}label`, 'Required');
    else checkText(problems, `${at}label`, body.label, labelMin, labelMax);
    if (!given(body.ipv4)) problems.add(`${at}ipv4`, 'Required');
    else if (typeof body.ipv4 !== 'string') problems.add(`${at}ipv4`, 'Must be a string');
    else {
      const wrong = cidrProblem(body.ipv4);
      if (wrong) problems.add(`${at}ipv4`, wrong);
    }
  }

  /** The subnets given with a VPC create, once each is valid. */
  private checkSubnetsOfCreate(problems: Problems, subnets: unknown): { label: string; ipv4: string }[] {
    if (!given(subnets)) return [];
    if (!Array.isArray(subnets)) {
      problems.add('subnets', 'Must be an array of subnets');
      return [];
    }
    subnets.forEach((s, i) => {
      if (isObject(s)) this.checkSubnet(problems, s, `subnets[${i}].`);
      else problems.add(`subnets[${i}]`, 'Must be an object with label and ipv4');
    });
    return subnets as { label: string; ipv4: string }[];
  }

  private checkNotAccepted(problems: Problems, body: Json, fields: readonly string[]): void {
    if (this.options.notAccepted === 'ignore') return;
    for (const f of fields) if (given(body[f])) problems.add(f, 'Cannot be changed after creation');
  }
}
