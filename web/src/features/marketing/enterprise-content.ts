import { msg } from '../../i18n/i18n';
/** Copy of the enterprise page (spec §1 "Marketing claims", §2 "Enterprise"). */

export const previewProgress = {
  institution: 'Northgate University',
  program: msg('Venture Lab · Spring cohort'),
  percent: 70,
  tasks: [
    { title: msg('Validate the problem with 20 interviews'), status: msg('Done') },
    { title: msg('Complete the founders agreement'), status: msg('Done') },
    { title: msg('Ship the MVP to pilot users'), status: msg('In progress') },
    { title: msg('Demo day pitch rehearsal'), status: msg('To Do') },
  ],
} as const;

export const trustedBy = [
  'Northgate University',
  'Harbor Innovation Hub',
  'Summit Accelerator',
  'Riverside Tech Institute',
] as const;

export const enterpriseFeatures = [
  {
    key: 'branding',
    title: msg('Custom Branding'),
    text: msg(
      'A co-branded, white-label platform with your logo, colours and registration page, so founders see your program.',
    ),
  },
  {
    key: 'management',
    title: msg('Centralized Management'),
    text: msg(
      'One central dashboard for every venture in your program: who is moving, who is stuck and where to help.',
    ),
  },
  {
    key: 'analytics',
    title: msg('Advanced Analytics'),
    text: msg(
      'Cohort progress, milestone completion and trends over time, ready for your reports and funders.',
    ),
  },
  {
    key: 'security',
    title: msg('Enterprise Security'),
    text: msg(
      'Single sign-on and role-based access keep your founders, mentors and staff in the right places.',
    ),
  },
  {
    key: 'templates',
    title: msg('Custom Templates'),
    text: msg('Shape the roadmap to your curriculum with custom task templates, stages and guidance.'),
  },
  {
    key: 'support',
    title: msg('Priority Support'),
    text: msg('A dedicated team, onboarding and training sessions, and 24/7 support when you need it.'),
  },
] as const;

export type EnterpriseFeatureKey = (typeof enterpriseFeatures)[number]['key'];

export const benefits = [
  {
    title: msg('Improved Venture Success Rates'),
    text: msg('Structured roadmaps help programs achieve up to 40% higher startup success.'),
  },
  {
    title: msg('Enhanced Visibility & Control'),
    text: msg('See every venture’s progress at a glance and step in before small problems become big ones.'),
  },
  {
    title: msg('Streamlined Mentorship'),
    text: msg('Mentors see exactly where each team stands, so every session starts from the right place.'),
  },
  {
    title: msg('Demonstrable Impact'),
    text: msg('Show stakeholders and funders clear, data-backed outcomes of your entrepreneurship program.'),
  },
] as const;

export const successStories = [
  {
    organization: 'Northgate University Venture Lab',
    statistic: msg('38% more ventures launched'),
    quote: msg(
      'Our student teams finally work from the same playbook. We launched more ventures in one year than in the two before.',
    ),
    author: msg('Dr. Helen Park, Director of Entrepreneurship'),
  },
  {
    organization: 'Harbor Innovation Hub',
    statistic: msg('3x faster onboarding'),
    quote: msg(
      'New founders are productive from week one. The roadmap answers the questions our staff used to answer one by one.',
    ),
    author: msg('James Whitfield, Program Manager'),
  },
  {
    organization: 'Summit Accelerator',
    statistic: msg('92% milestone completion'),
    quote: msg(
      'The central dashboard shows us which companies need help before demo day, not after. It changed how we mentor.',
    ),
    author: msg('Aisha Khan, Managing Partner'),
  },
] as const;

export const faqs = [
  {
    question: msg('Can we customize the platform with our own branding?'),
    answer: msg(
      'Yes. Enterprise plans include a co-branded, white-label platform with your logo and colours, a registration page at your own address, and custom task templates that match your curriculum.',
    ),
  },
  {
    question: msg('How long does implementation take?'),
    answer: msg(
      'Most institutions are up and running in 2-4 weeks, including branding, template setup and training for your staff.',
    ),
  },
  {
    question: msg('Are there limits on users or ventures?'),
    answer: msg('No. Enterprise plans include unlimited users and unlimited ventures.'),
  },
  {
    question: msg('What support and training do you provide?'),
    answer: msg(
      'Every enterprise customer gets a dedicated support contact, 24/7 priority support and training sessions for administrators and mentors.',
    ),
  },
  {
    question: msg('Does it integrate with our existing systems?'),
    answer: msg(
      'Enterprise plans support single sign-on, and our team works with you to connect the platform to the systems your program already uses.',
    ),
  },
] as const;
