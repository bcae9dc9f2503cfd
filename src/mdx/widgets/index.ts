/**
 * The components editors may use in MDX, by name → the module that exports it.
 * A page imports only the widgets it uses (remark-widgets adds the imports), so each page's
 * JavaScript carries its own widgets and nothing else. Any other capitalised tag fails the build.
 */
export const widgets = {
  Hero: '/src/components/Hero/Hero.tsx',
  Section: '/src/components/Section/Section.tsx',
  Cards: '/src/components/Cards/Cards.tsx',
  Card: '/src/components/Cards/Cards.tsx',
  Steps: '/src/components/Steps/Steps.tsx',
  Step: '/src/components/Steps/Steps.tsx',
  Stats: '/src/components/Stats/Stats.tsx',
  Stat: '/src/components/Stats/Stats.tsx',
  Actions: '/src/components/ButtonLink/ButtonLink.tsx',
  ButtonLink: '/src/components/ButtonLink/ButtonLink.tsx',
  Callout: '/src/components/Callout/Callout.tsx',
  CallToAction: '/src/components/CallToAction/CallToAction.tsx',
  PaymentFlow: '/src/components/PaymentFlow/PaymentFlow.tsx',
  Faq: '/src/mdx/widgets/Faq.tsx',
  TermsSections: '/src/mdx/widgets/TermsSections.tsx',
  LegalSections: '/src/mdx/widgets/LegalSections.tsx',
  CompanyFacts: '/src/mdx/widgets/Facts.tsx',
  HostFacts: '/src/mdx/widgets/Facts.tsx',
  CompanyEmail: '/src/mdx/widgets/Facts.tsx',
  ProcessorFacts: '/src/mdx/widgets/Facts.tsx',
  LastUpdated: '/src/components/LastUpdated/LastUpdated.tsx',
  ContactForm: '/src/components/ContactForm/ContactForm.tsx',
} as const satisfies Record<string, `/src/${string}.tsx`>;

export type WidgetName = keyof typeof widgets;

export function isWidgetName(name: string): name is WidgetName {
  return Object.hasOwn(widgets, name);
}
