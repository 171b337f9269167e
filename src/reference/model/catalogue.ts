// The reference server's catalogue data: regions with their capabilities (the documents name capabilities, the ids are the server's own).

export interface Region {
  id: string;
  /** `Metadata` for cloud-config; `NGN` for next-generation networking (VLANs). */
  capabilities: readonly string[];
}

export const regions: readonly Region[] = [
  { id: 'us-east', capabilities: ['NGN', 'Metadata', 'VPCs', 'Vlans'] },
  { id: 'eu-central', capabilities: ['NGN', 'VPCs', 'Vlans'] },
  { id: 'ap-south', capabilities: ['VPCs'] },
];

export const regionExists = (id: unknown): boolean => regions.some((r) => r.id === id);
