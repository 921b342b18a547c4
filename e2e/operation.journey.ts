/** Operation journey (issue 4) in English; operation-cn.journey.ts runs it in Chinese. */
import { operationJourney } from './operation-journey.ts';

operationJourney('en');
