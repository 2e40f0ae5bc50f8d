// Lead Management: reads or edits the run's contact.
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import type { NodeModule } from '../types'
import { leadManagementDefinition, type LeadManagementConfig } from './definition'
import { leadManagementRunner } from './run'

export const leadManagementNode: NodeModule<'lead_management', LeadManagementConfig> = {
  type: 'lead_management',
  namePrefix: 'lead_management_',
  version: 1,
  migrations: [],
  ...leadManagementDefinition,
  runner: leadManagementRunner,
  sends: [],
  valueFrom: 'contact details from',
}
