import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { scrollToAnchor } from '../../../components/hash-link';
import { Seo } from '../../../components/seo';
import { ClosingCta } from '../components/closing-cta';
import { FeaturesSection } from '../components/features-section';
import { HeroSection } from '../components/hero-section';
import { PricingSection } from '../components/pricing-section';
import { TestimonialsSection } from '../components/testimonials-section';
import { landingSeo } from '../landing-seo';
import '../landing.css';

/** The signed-out home page (spec §2 "Landing page"). */
export function LandingPage() {
  const { hash } = useLocation();

  useEffect(() => {
    // Arriving at /#features or /#pricing from another page: the sections only exist once
    // this page has rendered, so the browser's own jump to the anchor could not happen.
    if (hash.length > 1) scrollToAnchor(decodeURIComponent(hash.slice(1)), 'auto');
  }, [hash]);

  return (
    <>
      <Seo {...landingSeo} />
      <HeroSection />
      <FeaturesSection />
      <TestimonialsSection />
      <PricingSection />
      <ClosingCta />
    </>
  );
}
