/** Operation journey (issue 4) in Chinese; see operation-journey.ts. */
import { operationJourney } from './operation-journey.ts';

operationJourney('cn');
