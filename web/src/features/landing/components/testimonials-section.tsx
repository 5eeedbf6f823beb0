import StarFilledSvg from '@ant-design/icons-svg/es/asn/StarFilled';
import { testimonials } from '../landing-content';
import { SvgIcon } from '../../../components/svg-icon';
import { useT } from '../../../i18n/i18n';

const RATING = 5;

function Stars() {
  const t = useT();
  return (
    <span
      className="testimonial__stars"
      role="img"
      aria-label={t('Rated {rating} out of {rating} stars', { rating: RATING })}
    >
      {Array.from({ length: RATING }, (_, index) => (
        <SvgIcon icon={StarFilledSvg} key={index} aria-hidden="true" />
      ))}
    </span>
  );
}

export function TestimonialsSection() {
  const t = useT();
  return (
    <section className="landing-section landing-section--muted" aria-labelledby="testimonials-heading">
      <div className="landing-container">
        <header className="section-heading">
          <p className="section-heading__eyebrow">{t('Testimonials')}</p>
          <h2 id="testimonials-heading">{t('Founders who stopped guessing what comes next')}</h2>
        </header>
        <ul className="testimonial-grid">
          {testimonials.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="testimonial">
                <Stars />
                <blockquote className="testimonial__quote">
                  <p>“{t(testimonial.quote)}”</p>
                </blockquote>
                <figcaption className="testimonial__author">
                  <strong>{testimonial.name}</strong>
                  <span>{t(testimonial.role)}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
