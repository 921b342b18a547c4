/**
 * Codes the caller handles itself, with no generic toast: core §8 "Handling rules", in the spec's order,
 * ranges written out. A few carry a stronger reaction that wins over silence: 14091 (access window),
 * 190308 and 120095 (upgrade dialog), 14053 (system upgrading), 120089-120091 (warning).
 */
export const SILENT_CODES: readonly number[] = [
  14091, 120107, 120108, 190332, 190331, 190330, 160021, 160022, 190308, 120095, 14047, 120027, 120028, 14053,
  120069, 120070, 180015, 190301, 14082, 14084, 14085, 14087, 190325, 900103, 120089, 120090, 120091, 190326,
  190327, 190328, 190329, 120001, 190333, 5010, 5011, 5012, 190118, 190108, 190335, 902151, 902153,
];
