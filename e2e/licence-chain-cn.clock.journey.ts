/** The licence chain journey (issue 13) in Chinese; see licence-chain-journey.ts. */
import { licenceChainJourney } from './licence-chain-journey.ts';

licenceChainJourney('cn');
