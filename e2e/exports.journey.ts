/** Exports journey (issue 10) in English; exports-cn.journey.ts runs it in Chinese. */
import { exportsJourney } from './exports-journey.ts';

exportsJourney('en');
