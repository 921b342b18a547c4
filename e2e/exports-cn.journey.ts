/** Exports journey (issue 10) in Chinese; see exports-journey.ts. */
import { exportsJourney } from './exports-journey.ts';

exportsJourney('cn');
