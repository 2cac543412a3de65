/**
 * The dashboard's colours for the two sides, one place for every view: Okabe and Ito's palette ("Color
 * Universal Design", 2008), told apart with any common colour-vision deficiency. Side A / the first army /
 * Good is blue, side B / the second army / Evil is vermillion; a third series (the third attacker compared
 * in the odds view) is reddish purple. web/style.css repeats the two side colours as --side-a and --side-b
 * (test/web/quality.test.ts holds them equal).
 */
export const OKABE_ITO = {
  black: "#000000", orange: "#e69f00", skyBlue: "#56b4e9", bluishGreen: "#009e73",
  yellow: "#f0e442", blue: "#0072b2", vermillion: "#d55e00", reddishPurple: "#cc79a7",
} as const;

export const SIDE_COLOURS = [OKABE_ITO.blue, OKABE_ITO.vermillion] as const;

/**
 * The side colours for small text on white: vermillion is 3.9:1 against white, under WCAG AA's 4.5:1 for
 * body text, so its text is a darker vermillion of the same hue (5.3:1); the blue (5.2:1) is its own ink.
 * CSS: --side-a-ink, --side-b-ink.
 */
export const SIDE_INKS = [OKABE_ITO.blue, "#b34c00"] as const;

/** The series of the odds view's comparison (up to three attackers). */
export const SERIES_COLOURS = [OKABE_ITO.blue, OKABE_ITO.vermillion, OKABE_ITO.reddishPurple] as const;
