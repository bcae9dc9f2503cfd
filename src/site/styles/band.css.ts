import { createVar } from '@vanilla-extract/css';

/**
 * What a full-width band (Hero, CallToAction) tells the Markdown and widgets inside it. A band
 * sets these custom properties; the children read them with a fallback. The band never styles its
 * children's elements itself, so each element keeps one place where its look is decided.
 */
export const band = {
  /** Widest a page title (`# Titre`) may run; unset: no limit. */
  titleMeasure: createVar(),
  /** `justify-content` of a row of buttons (<Actions>) given no `align`; unset: start. */
  actionsAlign: createVar(),
};
