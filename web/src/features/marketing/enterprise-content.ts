/** Copy of the enterprise page (spec §1 "Marketing claims", §2 "Enterprise"). */

export const previewProgress = {
  institution: 'Northgate University',
  program: 'Venture Lab · Spring cohort',
  percent: 70,
  tasks: [
    { title: 'Validate the problem with 20 interviews', status: 'Done' },
    { title: 'Complete the founders agreement', status: 'Done' },
    { title: 'Ship the MVP to pilot users', status: 'In progress' },
    { title: 'Demo day pitch rehearsal', status: 'To Do' },
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
    title: 'Custom Branding',
    text: 'A co-branded, white-label platform with your logo, colours and registration page, so founders see your program.',
  },
  {
    key: 'management',
    title: 'Centralized Management',
    text: 'One central dashboard for every venture in your program: who is moving, who is stuck and where to help.',
  },
  {
    key: 'analytics',
    title: 'Advanced Analytics',
    text: 'Cohort progress, milestone completion and trends over time, ready for your reports and funders.',
  },
  {
    key: 'security',
    title: 'Enterprise Security',
    text: 'Single sign-on and role-based access keep your founders, mentors and staff in the right places.',
  },
  {
    key: 'templates',
    title: 'Custom Templates',
    text: 'Shape the roadmap to your curriculum with custom task templates, stages and guidance.',
  },
  {
    key: 'support',
    title: 'Priority Support',
    text: 'A dedicated team, onboarding and training sessions, and 24/7 support when you need it.',
  },
] as const;

export type EnterpriseFeatureKey = (typeof enterpriseFeatures)[number]['key'];

export const benefits = [
  {
    title: 'Improved Venture Success Rates',
    text: 'Structured roadmaps help programs achieve up to 40% higher startup success.',
  },
  {
    title: 'Enhanced Visibility & Control',
    text: 'See every venture’s progress at a glance and step in before small problems become big ones.',
  },
  {
    title: 'Streamlined Mentorship',
    text: 'Mentors see exactly where each team stands, so every session starts from the right place.',
  },
  {
    title: 'Demonstrable Impact',
    text: 'Show stakeholders and funders clear, data-backed outcomes of your entrepreneurship program.',
  },
] as const;

export const successStories = [
  {
    organization: 'Northgate University Venture Lab',
    statistic: '38% more ventures launched',
    quote:
      'Our student teams finally work from the same playbook. We launched more ventures in one year than in the two before.',
    author: 'Dr. Helen Park, Director of Entrepreneurship',
  },
  {
    organization: 'Harbor Innovation Hub',
    statistic: '3x faster onboarding',
    quote:
      'New founders are productive from week one. The roadmap answers the questions our staff used to answer one by one.',
    author: 'James Whitfield, Program Manager',
  },
  {
    organization: 'Summit Accelerator',
    statistic: '92% milestone completion',
    quote:
      'The central dashboard shows us which companies need help before demo day, not after. It changed how we mentor.',
    author: 'Aisha Khan, Managing Partner',
  },
] as const;

export const faqs = [
  {
    question: 'Can we customize the platform with our own branding?',
    answer:
      'Yes. Enterprise plans include a co-branded, white-label platform with your logo and colours, a registration page at your own address, and custom task templates that match your curriculum.',
  },
  {
    question: 'How long does implementation take?',
    answer:
      'Most institutions are up and running in 2-4 weeks, including branding, template setup and training for your staff.',
  },
  {
    question: 'Are there limits on users or ventures?',
    answer: 'No. Enterprise plans include unlimited users and unlimited ventures.',
  },
  {
    question: 'What support and training do you provide?',
    answer:
      'Every enterprise customer gets a dedicated support contact, 24/7 priority support and training sessions for administrators and mentors.',
  },
  {
    question: 'Does it integrate with our existing systems?',
    answer:
      'Enterprise plans support single sign-on, and our team works with you to connect the platform to the systems your program already uses.',
  },
] as const;
