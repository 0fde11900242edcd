export { HomeHero } from './home-hero';
export { PromoBanner, PromoSideTab } from './promo-banner';
export { SovereigntyHighlights } from './sovereignty-highlights';
export { usePromoBanner } from './use-promo-banner';
