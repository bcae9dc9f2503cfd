/**
 * Compile-time proof that each component accepts exactly the settings its widget schema (./index.ts) allows:
 * a setting added to a component but not to its schema (or the reverse) fails `npm run check`'s type check,
 * so the check, the editor and the components cannot drift apart. Types only: nothing here runs.
 */
import type { ActionsProps, ButtonLinkProps } from '../../components/ButtonLink/ButtonLink.tsx';
import type { CalloutProps } from '../../components/Callout/Callout.tsx';
import type { CardProps } from '../../components/Cards/Cards.tsx';
import type { ColumnProps } from '../../components/Columns/Columns.tsx';
import type { PaymentFlowProps } from '../../components/PaymentFlow/PaymentFlow.tsx';
import type { SectionProps } from '../../components/Section/Section.tsx';
import type { StatProps } from '../../components/Stats/Stats.tsx';
import type { StepProps } from '../../components/Steps/Steps.tsx';
import type { AProuver } from './AProuver.tsx';
import type { WidgetName, WidgetSettings } from './index.ts';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Matches<Name extends WidgetName, Props> = Same<WidgetSettings<Name>, Omit<Props, 'children'>>;

type Proofs = {
  Section: Matches<'Section', SectionProps>;
  Card: Matches<'Card', CardProps>;
  Column: Matches<'Column', ColumnProps>;
  Step: Matches<'Step', StepProps>;
  Stat: Matches<'Stat', StatProps>;
  Actions: Matches<'Actions', ActionsProps>;
  ButtonLink: Matches<'ButtonLink', ButtonLinkProps>;
  Callout: Matches<'Callout', CalloutProps>;
  PaymentFlow: Matches<'PaymentFlow', PaymentFlowProps>;
  LastUpdated: Matches<'LastUpdated', { label: string }>;
  AProuver: Matches<'AProuver', Parameters<typeof AProuver>[0]>;
};

// Each entry must be `true`; a mismatch reads "Type 'false' is not assignable to type 'true'" on the widget's line.
export const propsParity: { [Name in keyof Proofs]: Proofs[Name] } = {
  Section: true,
  Card: true,
  Column: true,
  Step: true,
  Stat: true,
  Actions: true,
  ButtonLink: true,
  Callout: true,
  PaymentFlow: true,
  LastUpdated: true,
  AProuver: true,
};
