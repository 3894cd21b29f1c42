#include "core/diagnostic.h"

#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <string>

#include "core/strings.h"

namespace sp {
namespace {

TEST(Diagnostic, CodesAreUniqueSnakeCase) {
  std::set<std::string_view> seen;
  for (const CodeInfo& info : all_codes()) {
    EXPECT_TRUE(seen.insert(info.name).second) << info.name;
    for (char ch : info.name) EXPECT_TRUE(std::islower(static_cast<unsigned char>(ch)) || ch == '_') << info.name;
    EXPECT_EQ(code_from_name(info.name), info.code);
    EXPECT_FALSE(info.summary.empty());
  }
  EXPECT_EQ(code_info(Code::truncated).severity, Severity::error);
  EXPECT_EQ(code_info(Code::gap_between_parts).severity, Severity::warning);
}

TEST(Diagnostic, ContextKeepsFirstErrorAndBoundsWarnings) {
  Limits limits;
  limits.max_warnings = 2;
  Context ctx(limits, 100);
  const FieldPath root = FieldPath::root();
  EXPECT_FALSE(ctx.fail(Code::truncated, 5, root, "first"));
  EXPECT_FALSE(ctx.fail(Code::bad_magic, 9, root, "second"));
  ASSERT_TRUE(ctx.error().has_value());
  EXPECT_EQ(ctx.error()->code, Code::truncated);
  EXPECT_EQ(ctx.error()->to_string(), "truncated at 5: first");
  for (int i = 0; i < 10; ++i) ctx.warn(Code::gap_between_parts, 1, root, "w");
  ASSERT_EQ(ctx.warnings().size(), 3u);
  EXPECT_EQ(ctx.warnings().back().code, Code::warnings_truncated);
}

TEST(Diagnostic, DecodeBudgetIsLinearInInput) {
  Limits limits;
  Context ctx(limits, 1000);
  const FieldPath root = FieldPath::root();
  EXPECT_TRUE(ctx.charge(1000, 0, root));
  EXPECT_FALSE(ctx.charge(100, 0, root));
  EXPECT_EQ(ctx.error()->code, Code::decode_budget_exceeded);
}

// The bitcode readers charge records at bit offsets: the budget ends
// there as it does for bytes, one record past it is refused, at the bit
// and under the path the reader named, and nothing is charged after.
TEST(Diagnostic, DecodeBudgetInBitsRefusesTheFirstRecordPastIt) {
  const Limits limits;
  Context ctx(limits, 0);  // an empty input still has 64 records
  const FieldPath root = FieldPath::root("m");
  EXPECT_TRUE(ctx.charge_at_bit(64, 8, root));
  EXPECT_FALSE(ctx.charge_at_bit(1, 24, root));
  ASSERT_TRUE(ctx.error().has_value());
  EXPECT_EQ(ctx.error()->code, Code::decode_budget_exceeded);
  EXPECT_EQ(ctx.error()->offset, 24u);
  EXPECT_EQ(ctx.error()->unit, OffsetUnit::bit);
  EXPECT_EQ(ctx.error()->path, "m");
}

// The form that makes its path only for the report: the budget holds
// exactly its records, and one more is refused under the path made then.
TEST(Diagnostic, DecodeBudgetWithAPathMadeOnDemandHoldsExactlyItsRecords) {
  const Limits limits;
  int made = 0;
  const auto path = [&] {
    ++made;
    return std::string("m.records[3]");
  };
  Context exact(limits, 0);
  EXPECT_TRUE(exact.charge_at_bit(64, 8, path));
  EXPECT_FALSE(exact.failed());
  EXPECT_EQ(made, 0);
  Context over(limits, 0);
  EXPECT_FALSE(over.charge_at_bit(65, 40, path));
  ASSERT_TRUE(over.error().has_value());
  EXPECT_EQ(over.error()->code, Code::decode_budget_exceeded);
  EXPECT_EQ(over.error()->offset, 40u);
  EXPECT_EQ(over.error()->unit, OffsetUnit::bit);
  EXPECT_EQ(over.error()->path, "m.records[3]");
  EXPECT_EQ(made, 1);
}

TEST(Diagnostic, MessagesAreCapped) {
  const Limits limits;
  Context ctx(limits, 100);
  const FieldPath root = FieldPath::root();
  ctx.warn(Code::gap_between_parts, 1, root, std::string(5000, 'w'));
  EXPECT_FALSE(ctx.fail(Code::truncated, 5, root, std::string(kMaxDiagnosticText, 'e')));
  EXPECT_EQ(ctx.warnings()[0].message, std::string(kMaxDiagnosticText, 'w') + "...(3,976 more characters)");
  EXPECT_EQ(ctx.error()->message.size(), kMaxDiagnosticText);
}

// Each limit has its option once (kLimitOptions), and a message names a
// limit by it. Binding every member of Limits fails to compile when a limit
// is added, until it has its option here too.
TEST(Limits, EveryLimitHasAnOption) {
  const auto [parts, inflated, depth, abbrevs, operands, text, budget, warnings] = Limits{};
  (void)parts, (void)inflated, (void)depth, (void)abbrevs, (void)operands, (void)text, (void)budget, (void)warnings;
  std::set<std::string_view> flags;
  for (const LimitOption& o : kLimitOptions) {
    EXPECT_TRUE(o.flag.starts_with("--")) << o.flag;
    EXPECT_TRUE(flags.insert(o.flag).second) << o.flag;
  }
  EXPECT_EQ(flags.size(), 8u);
  EXPECT_EQ(limit_option(&Limits::max_warnings), "--max-warnings");
  EXPECT_EQ(limit_text(&Limits::max_inflated_bytes, uint64_t{4294967295}), "--max-inflated-bytes (4294967295)");
  const Limits limits;
  Context ctx(limits, 10);
  EXPECT_FALSE(ctx.charge(1000, 0, FieldPath::root()));
  EXPECT_NE(ctx.error()->message.find("--decode-budget-per-byte (1)"), std::string::npos) << ctx.error()->message;
}

}  // namespace
}  // namespace sp
