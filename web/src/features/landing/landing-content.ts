/** Marketing copy of the landing page (spec §1 "Marketing claims", §2 "Landing page"). */

export const heroProgress = {
  ventureName: 'GreenLoop Coffee',
  blurb: 'Reusable cup subscriptions for campus cafés',
  percent: 75,
  tasks: [
    // Real task titles of the roadmap (issue 21; infra/suites/cross-service/test/landing-sample.test.ts checks them).
    { title: 'Run customer discovery interviews', category: 'Ideation & Market Research', status: 'done' },
    { title: 'Incorporate and set up company banking', category: 'Team & Legal Structure', status: 'done' },
    {
      title: 'Build the MVP in short iterations',
      category: 'MVP & Product Development',
      status: 'in_progress',
    },
    { title: 'Create your pitch deck', category: 'Funding & Finance', status: 'todo' },
  ],
} as const;

export type SampleTaskStatus = (typeof heroProgress.tasks)[number]['status'];

export const statusLabels: Record<SampleTaskStatus, string> = {
  done: 'Done',
  in_progress: 'In progress',
  todo: 'To Do',
};

export const features = [
  {
    key: 'roadmaps',
    title: 'Guided roadmaps',
    text: 'Get a step-by-step roadmap shaped around your industry and your goal, so the next right move is always clear.',
  },
  {
    key: 'progress',
    title: 'Progress tracking',
    text: 'Dashboards and milestones show how far you have come, what is in motion and what is blocking you.',
  },
  {
    key: 'timeline',
    title: 'Timeline planning',
    text: 'Lay out your launch timeline and set reminders, so key deadlines never slip through the cracks.',
  },
  {
    key: 'collaboration',
    title: 'Co-founder collaboration',
    text: 'Bring your co-founders in to share the plan, divide the work and stay aligned on priorities.',
  },
  {
    key: 'resources',
    title: 'Expert resources',
    text: 'Every task comes with a guide: why it matters, proven practices and a pro tip from people who have done it.',
  },
  {
    key: 'ventures',
    title: 'Multiple ventures',
    text: 'Exploring more than one idea? Manage each venture side by side, each with its own roadmap and progress.',
  },
] as const;

export type FeatureKey = (typeof features)[number]['key'];

export const testimonials = [
  {
    quote:
      'I had a spreadsheet of two hundred things to do and no idea where to start. The roadmap turned it into a clear order of work, and we opened our beta six weeks later.',
    name: 'Priya Raman',
    role: 'Founder, Lumen Health',
  },
  {
    quote:
      'The task guides are the part I did not know I needed. Each one explains why a step matters before it tells you how to do it well.',
    name: 'Marcus Bell',
    role: 'Co-founder, Trailhead Logistics',
  },
  {
    quote:
      'Every student team in our incubator works from the same roadmap now. Seeing all their progress in one place changed how we run our check-ins.',
    name: 'Elena Ortiz',
    role: 'Program Director, Northgate Venture Lab',
  },
] as const;

export const plans = {
  free: {
    name: 'Free',
    price: '$0',
    period: 'free for your first venture',
    audience: 'For founders taking their first idea to launch.',
    items: ['1 venture', 'Basic roadmaps', 'Progress tracking', 'Task management', 'E-mail support'],
    action: 'Start for free',
  },
  enterprise: {
    name: 'Enterprise',
    price: 'Custom',
    period: 'priced in USD for your organization',
    audience: 'For institutions and incubators supporting many founders.',
    items: [
      'Unlimited ventures',
      'Custom templates',
      'Advanced analytics',
      'Custom branding',
      'Dedicated support',
      'Training sessions',
    ],
    action: 'Contact us',
  },
} as const;
