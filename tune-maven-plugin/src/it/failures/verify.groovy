// Invocation 1 failed for a missed @Expect and for errored trials; invocation 2 for a pattern that matches nothing.
def log = new File(basedir, 'build.log').text

assert log.contains('jtune: 2 of 2 experiments failed')
assert log =~ /MissesExpectation: @Expect\(metric = "accuracy", atLeast = 0\.99\) missed: the best trial MissesExpectation_\S+ \(best by accuracy, max\) ended with accuracy = 0\.[0-4]\d*, below the threshold 0\.99/
assert log =~ /AlwaysFails: 2 of 2 trials ended in ERROR/
assert log.contains('sensor offline')
assert log =~ /trials: +2 ERROR/
assert !log.contains('== Status ==') : 'jtune.quiet=true prints no progress table'
// the project has no SLF4J provider: the plugin's Logback fallback prints the engine's warnings, one line each, and nothing below
assert log =~ /\[jtune WARN\] TrialRunner: trial AlwaysFails_\w+ errored/
assert !log.contains('DEBUG') && !log.contains('SLF4J')

def errors = []
def alwaysFails = new File(basedir, 'target/jtune').listFiles().find { it.name.startsWith('AlwaysFails_') }
alwaysFails.eachFileRecurse { if (it.name == 'error.txt') errors << it }
assert errors.size() == 2 : "error.txt files: ${errors}"
assert errors.every { it.text.contains('java.lang.IllegalStateException: sensor offline') }

assert log.contains('no @Trainable class matches jtune.experiments=Nothing*,org.none.*; '
        + 'the @Trainable classes of failures are: com.example.AlwaysFails, com.example.MissesExpectation')
return true
