struct point { int x, y; double w; };
struct node { struct node *next; struct point p; char tag[7]; };
static struct node nodes[4] = {{0, {1, 2, 3.5}, "abc"}, {0, {4, 5, 6.0}, "tab\tq"}};
double sum(const struct node *n) {
  double s = 0;
  for (; n; n = n->next) s += n->p.x * n->p.w + n->p.y;
  return s;
}
struct node *head(void) { nodes[0].next = &nodes[1]; return &nodes[0]; }
