import StarFilledSvg from '@ant-design/icons-svg/es/asn/StarFilled';
import { testimonials } from '../landing-content';
import { SvgIcon } from '../../../components/svg-icon';

const RATING = 5;

function Stars() {
  return (
    <span className="testimonial__stars" role="img" aria-label={`Rated ${RATING} out of ${RATING} stars`}>
      {Array.from({ length: RATING }, (_, index) => (
        <SvgIcon icon={StarFilledSvg} key={index} aria-hidden="true" />
      ))}
    </span>
  );
}

export function TestimonialsSection() {
  return (
    <section className="landing-section landing-section--muted" aria-labelledby="testimonials-heading">
      <div className="landing-container">
        <header className="section-heading">
          <p className="section-heading__eyebrow">Testimonials</p>
          <h2 id="testimonials-heading">Founders who stopped guessing what comes next</h2>
        </header>
        <ul className="testimonial-grid">
          {testimonials.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="testimonial">
                <Stars />
                <blockquote className="testimonial__quote">
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption className="testimonial__author">
                  <strong>{testimonial.name}</strong>
                  <span>{testimonial.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
