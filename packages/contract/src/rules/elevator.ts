import { z } from 'zod';
import { ELEVATOR_TYPES, TRACTION_RATIOS, type TractionRatio } from '../enums/elevators.ts';

/** Elevator rules of features §5; ID and name uniqueness are the server's (902xxx). */

export const DEFAULT_TRACTION_RATIO: TractionRatio = '1:1';

/** Traction ratio, 1:1 unless given. */
export const TractionRatioSchema = z.enum(TRACTION_RATIOS).default(DEFAULT_TRACTION_RATIO);

export const ElevatorTypeSchema = z.enum(ELEVATOR_TYPES);
