// The admin API's wire shapes, generated from spec/mock.openapi.yaml.
import type { components } from '../../../../spec/generated/mock';

type Schemas = components['schemas'];
export type ViewTokenRecord = Schemas['ViewTokenRecord'];
export type ClockState = Schemas['Clock'];
export type Rule = Schemas['Rule'];
export type RuleInput = Schemas['RuleInput'];
export type Preferences = Schemas['Preferences'];
export type JournalEntry = Schemas['JournalEntry'];
export type SessionSummary = Schemas['SessionSummary'];
export type CatalogOperation = Schemas['CatalogOperation'];
export type ObjectType = Schemas['ObjectType'];
export type ServiceOperation = NonNullable<Schemas['RuleCondition']['operation']>;
