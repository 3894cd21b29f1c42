#include <string>
#include <vector>
struct Shape { virtual ~Shape() = default; virtual double area() const = 0; };
struct Square : Shape { double s; explicit Square(double v) : s(v) {} double area() const override { return s * s; } };
struct Circle : Shape { double r; explicit Circle(double v) : r(v) {} double area() const override { return 3.14159 * r * r; } };
double total(const std::vector<Shape*>& v) { double t = 0; for (auto* s : v) t += s->area(); return t; }
std::string name(int i) { return i ? "square" : "circle"; }
