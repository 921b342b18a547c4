/** The licence chain journey (issue 13) in English; licence-chain-cn.clock.journey.ts runs it in Chinese. */
import { licenceChainJourney } from './licence-chain-journey.ts';

licenceChainJourney('en');
