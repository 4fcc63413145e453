// System.exit(3) in a worker JVM failed only its trial: Maven went on to print the summary and fail the build.
def log = new File(basedir, 'build.log').text

assert log =~ /ExitsInStep: 1 of 3 trials ended in ERROR/
assert log.contains('jtune: 1 of 1 experiment failed')

def experiment = new File(basedir, 'target/jtune').listFiles().find { it.name.startsWith('ExitsInStep_') }
assert experiment != null : 'the experiment folder target/jtune/ExitsInStep_<date>'
def errors = []
experiment.eachFileRecurse { if (it.name == 'error.txt') errors << it }
assert errors.size() == 1 : "error.txt files: ${errors}"
assert errors[0].text =~ /trial ExitsInStep_\S+ \(id \w+\): its worker process \(pid \d+\) exited with code 3 while the trial ran/

def results = []
experiment.eachFileRecurse { if (it.name == 'result.json') results << it }
assert results.size() == 3
def pids = results.collectMany { f -> f.readLines().collect { (it =~ /"worker_pid": ?(\d+)/)[0][1] } }.toSet()
assert pids.size() >= 2 : "the trials ran in worker JVMs of their own, reused across trials: ${pids}"
return true
