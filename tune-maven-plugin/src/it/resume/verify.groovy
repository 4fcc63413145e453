// The first run died at the fifth step, a fresh run into the same folder was refused, and the
// resumed run finished every trial without losing or repeating an iteration.
import groovy.json.JsonSlurper

def json = new JsonSlurper()
assert new File(basedir, 'target/crash-marker').isFile() : 'the first run did not reach the crash'

def dir = new File(basedir, 'target/jtune/CrashOnce')
def trials = dir.listFiles().findAll { it.isDirectory() }
assert trials.size() == 4 : "trial folders: ${trials*.name}"
trials.each { trial ->
    def results = new File(trial, 'result.json').readLines().findAll { it.trim() }.collect { json.parseText(it) }
    assert results*.training_iteration == [1, 2, 3] : "${trial.name}: iterations ${results*.training_iteration}"
}

def log = new File(basedir, 'build.log').text
assert log.contains('-Djtune.resume') : 'the refused fresh run must say how to resume'
assert log =~ /trials: +4 TERMINATED/
return true
